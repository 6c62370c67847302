import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { installDeno } from "./support/deno.js";
import { providerEnv, startFakeProvider, type FakeProviderKind, type ScriptedTurn } from "./support/fake-providers.js";
import { HOST_SERVERS, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";

// An image a tool returns (server-everything's get-tiny-image: a PNG between two text blocks)
// reaches the model as an image, in the form each provider's API takes beside a tool result.
const KEY_OF: Record<FakeProviderKind, string> = { anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY" };
let dir: string;
let config: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-tool-images-"));
  config = writeMcpConfig(dir, { everything: { ...nodeServer(HOST_SERVERS.everything, ["stdio"]), trust: "read-only" } });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function fedBack(
  kind: FakeProviderKind,
  turns: ScriptedTurn[] = [{ calls: [{ name: "everything__get-tiny-image", args: {} }] }, { text: "A small logo." }],
  extra: string[] = [],
) {
  const fake = await startFakeProvider(kind, (index) => turns[Math.min(index, turns.length - 1)]!);
  try {
    const run = await typemcp(
      ["chat", "--config", config, "--provider", kind, "--model", "test-model", "--base-url", fake.baseUrl, "--prompt", "Show me the tiny image.", ...extra],
      { env: providerEnv({ [KEY_OF[kind]]: "test-key", TYPEMCP_DENO: installDeno() }), timeoutMs: 60_000 },
    );
    expect(run.stderr).not.toContain("typemcp:");
    expect(run.stdout).toBe("A small logo.\n");
    return fake.generations()[1] as Record<string, any>;
  } finally {
    await fake.close();
  }
}

const PNG = /^iVBORw0KGgo[A-Za-z0-9+/=]{100,}$/;

describe("typemcp chat: an image a tool returns", { timeout: 120_000 }, () => {
  test("goes to Anthropic as an image block inside the tool_result, after its text", async () => {
    const body = await fedBack("anthropic");
    const [result] = body.messages.at(-1).content;
    expect(result.content).toEqual([
      { type: "text", text: expect.stringMatching(/^Here's the image you requested:\n\[image image\/png, \d+ bytes\]\nThe image above is the MCP logo\.?/) },
      { type: "image", source: { type: "base64", media_type: "image/png", data: expect.stringMatching(PNG) } },
    ]);
  });

  test("goes to Chat Completions in a user message after the tool message, which carries text only", async () => {
    const body = await fedBack("openai");
    const [tool, images] = body.messages.slice(-2);
    expect(tool).toMatchObject({ role: "tool", content: expect.stringContaining("[image image/png") });
    expect(images).toEqual({
      role: "user",
      content: [
        { type: "text", text: expect.stringMatching(/^The images the results of everything__get-tiny-image \(\S+\) returned:$/) },
        { type: "image_url", image_url: { url: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) } },
      ],
    });
  });

  test("goes to Gemini as inline data beside the function response, in the same turn", async () => {
    const body = await fedBack("gemini");
    const parts = body.contents.at(-1).parts;
    expect(parts).toHaveLength(2);
    expect(parts[0].functionResponse).toMatchObject({ name: "everything__get-tiny-image" });
    expect(parts[1]).toEqual({ inlineData: { mimeType: "image/png", data: expect.stringMatching(PNG) } });
  });

  test("in code mode, goes to the model when a program shows it with codemode.show", async () => {
    const code = [
      "const r = await everything.get_tiny_image();",
      'await codemode.show(...r.content.filter((b) => b.type === "image"));',
      'console.log(r.content.map((b) => b.type).join(" "));',
    ].join("\n");
    const body = await fedBack("anthropic", [{ calls: [{ name: "run_program", args: { code } }] }, { text: "A small logo." }], ["--code"]);
    const [result] = body.messages.at(-1).content;
    expect(result.content).toEqual([
      { type: "text", text: "text image text\n" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: expect.stringMatching(PNG) } },
    ]);
  });
});
