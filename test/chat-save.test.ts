import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { providerEnv, startFakeProvider, type FakeProviderKind, type ScriptedTurn } from "./support/fake-providers.js";
import { HOST_SERVERS, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";

const KEY_OF: Record<FakeProviderKind, string> = { anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY" };

let dir: string;
let config: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-save-"));
  config = writeMcpConfig(dir, { calc: { ...nodeServer(HOST_SERVERS.calc), trust: "read-only" } });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function chat(kind: FakeProviderKind, turns: ScriptedTurn[], extra: string[], input?: string) {
  const fake = await startFakeProvider(kind, (index) => turns[Math.min(index, turns.length - 1)]!);
  try {
    const run = await typemcp(["chat", "--config", config, "--provider", kind, "--model", "test-model", "--base-url", fake.baseUrl, ...extra], {
      env: providerEnv({ [KEY_OF[kind]]: "k" }),
      timeoutMs: 30_000,
      ...(input !== undefined && { input }),
    });
    return { run, generations: fake.generations() };
  } finally {
    await fake.close();
  }
}

describe("typemcp chat: /save FILE and --resume FILE", { timeout: 60_000 }, () => {
  test("a saved conversation, tool calls and usage included, goes on where it stopped, with the same or another provider", async () => {
    const file = path.join(dir, "talk.json");
    const saved = await chat(
      "anthropic",
      [{ calls: [{ name: "calc__add", args: { a: 2, b: 3 } }] }, { text: "It is 5." }],
      [],
      `What is 2 + 3?\n/save ${file}\n/quit\n`,
    );
    expect(saved.run.status).toBe(0);
    expect(saved.run.stdout).toContain(`Saved 4 messages to ${file}; go on with --resume ${file}.\n`);
    const written = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(written).toMatchObject({ typemcp: "chat", version: 1, provider: "anthropic", model: "test-model", usage: { inputTokens: 20, outputTokens: 20 } });
    expect(written.messages.map((m: any) => m.role)).toEqual(["user", "model", "tools", "model"]);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");

    const same = await chat("anthropic", [{ text: "You asked what 2 + 3 is." }], ["--resume", file, "--prompt", "What did I ask?"]);
    expect(same.run.stdout).toBe("You asked what 2 + 3 is.\n");
    expect(same.run.stderr).toContain(`typemcp: resumed 4 messages from ${file}, 20 in and 20 out so far.\n`);
    expect(same.generations[0].messages.map((m: any) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(same.generations[0].messages[3].content).toEqual([{ type: "text", text: "It is 5." }]);

    const other = await chat("openai", [{ text: "2 + 3." }], ["--resume", file, "--prompt", "What did I ask?"]);
    expect(other.run.status).toBe(0);
    expect(other.generations[0].messages.map((m: any) => [m.role, m.content])).toEqual([
      ["user", "What is 2 + 3?"],
      ["assistant", null],
      ["tool", "5"],
      ["assistant", "It is 5."],
      ["user", "What did I ask?"],
    ]);
  });

  test("resumed with Gemini, a call made by another provider goes back without an id on its call or its response", async () => {
    const file = path.join(dir, "for-gemini.json");
    await chat("anthropic", [{ calls: [{ name: "calc__add", args: { a: 2, b: 3 } }] }, { text: "It is 5." }], [], `What is 2 + 3?\n/save ${file}\n/quit\n`);
    const { run, generations } = await chat("gemini", [{ text: "2 + 3." }], ["--resume", file, "--prompt", "What did I ask?"]);
    expect(run.status).toBe(0);
    const parts = generations[0].contents.flatMap((content: any) => content.parts);
    expect(parts.filter((part: any) => part.functionCall)).toEqual([{ functionCall: { name: "calc__add", args: { a: 2, b: 3 } } }]);
    expect(parts.filter((part: any) => part.functionResponse)).toEqual([{ functionResponse: { name: "calc__add", response: { output: "5" } } }]);
  });

  test("a conversation saved with a call unanswered goes on with that call answered as not run, as every API requires", async () => {
    const file = path.join(dir, "unanswered.json");
    const messages = [
      { role: "user", text: "Add 2 and 3." },
      { role: "model", turn: { text: "", calls: [{ id: "call_1", name: "calc__add", arguments: { a: 2, b: 3 } }] } },
    ];
    fs.writeFileSync(
      file,
      JSON.stringify({ typemcp: "chat", version: 1, provider: "openai", model: "test-model", usage: { inputTokens: 1, outputTokens: 1 }, messages }),
    );
    const { run, generations } = await chat("openai", [{ text: "I will add them again." }], ["--resume", file, "--prompt", "Did it work?"]);
    expect(run.status).toBe(0);
    expect(generations[0].messages.map((m: any) => [m.role, m.role === "tool" ? m.content : undefined])).toEqual([
      ["user", undefined],
      ["assistant", undefined],
      ["tool", "Error: Not run: the conversation was saved before this call finished."],
      ["user", undefined],
    ]);
  });

  test("a file that is not a saved conversation is refused before any server starts, exit 2", async () => {
    const file = path.join(dir, "not.json");
    fs.writeFileSync(file, "{}");
    const { run } = await chat("gemini", [{ text: "never" }], ["--resume", file, "--prompt", "hi"]);
    expect(run.stderr).toBe(`typemcp: --resume ${file} is not a conversation saved by typemcp chat (/save FILE).\n`);
    expect(run.status).toBe(2);
  });
});
