import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { providerEnv, startFakeProvider, type ScriptedTurn } from "./support/fake-providers.js";
import { HOST_SERVERS, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";

let dir: string;
let config: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-providers-"));
  config = writeMcpConfig(dir, { calc: { ...nodeServer(HOST_SERVERS.calc), trust: "read-only" } });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TURNS: ScriptedTurn[] = [{ calls: [{ name: "calc__add", args: { a: 2, b: 3 } }] }, { text: "It is 5." }];

// The fake engine serves Chat Completions, Azure's deployment paths and Ollama's /api/chat at once.
async function chat(provider: "ollama" | "azure", keys: Record<string, string>, extra: string[] = [], turns = TURNS) {
  const fake = await startFakeProvider("openai", (index) => turns[Math.min(index, turns.length - 1)]!);
  const root = fake.baseUrl.replace(/\/v1$/, "");
  try {
    const run = await typemcp(
      ["chat", "--config", config, "--provider", provider, "--model", "test-model", "--base-url", root, "--prompt", "What is 2 + 3?", "--json", ...extra],
      { env: providerEnv(keys), timeoutMs: 30_000 },
    );
    return { run, requests: fake.requests.filter((r) => r.method === "POST") };
  } finally {
    await fake.close();
  }
}

describe("typemcp chat --provider ollama: Ollama's native /api/chat", { timeout: 60_000 }, () => {
  test.each([[[]], [["--stream"]]])("calls a tool and answers, results sent back as tool messages (%j)", async (extra) => {
    const { run, requests } = await chat("ollama", {}, extra);
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.answer).toBe("It is 5.");
    expect(out.usage).toEqual({ inputTokens: 20, outputTokens: 20 });
    expect(requests.map((r) => r.path)).toEqual(["/api/chat", "/api/chat"]);
    expect(requests[0]!.body.tools[0]).toEqual({ type: "function", function: expect.objectContaining({ name: "calc__add" }) });
    expect(requests[0]!.body.stream).toBe(extra.length > 0);
    expect(requests[1]!.body.messages.slice(-2)).toEqual([
      { role: "assistant", content: "", tool_calls: [{ function: { name: "calc__add", arguments: { a: 2, b: 3 } } }] },
      { role: "tool", tool_name: "calc__add", content: "5" },
    ]);
  });
});

describe("typemcp chat --provider ollama: an error line in the middle of a stream", { timeout: 60_000 }, () => {
  test("is the engine's error, from one request that answered 200, not an HTTP 500 after retries", async () => {
    const body = `${JSON.stringify({ model: "test-model", message: { role: "assistant", content: "It is" }, done: false })}\n${JSON.stringify({ error: "model runner has unexpectedly stopped" })}\n`;
    const { run, requests } = await chat("ollama", {}, ["--stream"], [{ reply: { status: 200, body, headers: { "content-type": "application/x-ndjson" } } }]);
    expect(JSON.parse(run.stdout).error.message).toMatch(
      / at http:\/\/127\.0\.0\.1:\d+ answered POST \/api\/chat with an error in the middle of its stream: model runner has unexpectedly stopped$/,
    );
    expect(run.stderr).not.toContain("HTTP 500");
    expect(requests).toHaveLength(1);
    expect(run.status).toBe(3);
  });
});

describe("typemcp chat --provider azure: Azure OpenAI through the openai SDK's AzureOpenAI client", { timeout: 60_000 }, () => {
  test("sends to the deployment named by --model, with api-key and api-version", async () => {
    const { run, requests } = await chat("azure", { AZURE_OPENAI_API_KEY: "azure-key" });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).answer).toBe("It is 5.");
    expect(requests.map((r) => r.path)).toEqual(["/openai/deployments/test-model/chat/completions", "/openai/deployments/test-model/chat/completions"]);
    expect(requests[0]!.headers["api-key"]).toBe("azure-key");
  });

  test("without its key, names the variable to set, exit 2", async () => {
    const { run } = await chat("azure", {});
    expect(run.stderr).toBe("typemcp: --provider azure needs an API key in AZURE_OPENAI_API_KEY.\n");
    expect(run.status).toBe(2);
  });
});
