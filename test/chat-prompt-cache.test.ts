import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { providerEnv, startFakeProvider, type ScriptedTurn } from "./support/fake-providers.js";
import { HOST_SERVERS, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";

// Anthropic's prompt caching in `typemcp chat`: the fake Messages API answers with the cache
// fields a real one sends, and records the cache_control marks each request carries.
let dir: string;
let config: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-prompt-cache-"));
  // calc and towns: about 7,800 bytes of tool definitions, more than the smallest prompt Anthropic caches.
  config = writeMcpConfig(dir, { calc: { ...nodeServer(HOST_SERVERS.calc), trust: "read-only" }, towns: nodeServer(HOST_SERVERS.towns) });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const message = (content: unknown[], stop: string, usage: Record<string, number>): ScriptedTurn => ({
  reply: {
    status: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: "msg_1", type: "message", role: "assistant", model: "test-model", content, stop_reason: stop, usage }),
  },
});

describe("typemcp chat --provider anthropic: prompt caching", { timeout: 60_000 }, () => {
  test("marks the tools and the conversation so far with cache_control, and counts the tokens read from the cache apart", async () => {
    const turns = [
      message([{ type: "tool_use", id: "toolu_1", name: "calc__add", input: { a: 2, b: 3 } }], "tool_use", {
        input_tokens: 100,
        cache_creation_input_tokens: 1900,
        output_tokens: 10,
      }),
      message([{ type: "text", text: "It is 5." }], "end_turn", { input_tokens: 30, cache_read_input_tokens: 2000, output_tokens: 5 }),
    ];
    const fake = await startFakeProvider("anthropic", (index) => turns[Math.min(index, turns.length - 1)]!);
    try {
      const run = await typemcp(
        ["chat", "--config", config, "--provider", "anthropic", "--model", "test-model", "--base-url", fake.baseUrl, "--prompt", "What is 2 + 3?", "--json"],
        { env: providerEnv({ ANTHROPIC_API_KEY: "test-key" }), timeoutMs: 30_000 },
      );
      expect(run.status).toBe(0);
      const out = JSON.parse(run.stdout);
      expect(out.answer).toBe("It is 5.");
      expect(out.usage).toEqual({ inputTokens: 4030, outputTokens: 15, cachedInputTokens: 2000 });
      const [first, second] = fake.requests.filter((r) => r.method === "POST").map((r) => r.body);
      const marks = (tools: Array<{ cache_control?: unknown }>) => tools.map((t) => t.cache_control);
      expect(marks(first.tools)).toEqual([...first.tools.slice(1).map(() => undefined), { type: "ephemeral" }]);
      expect(marks(second.tools)).toEqual(marks(first.tools));
      expect(first.messages).toEqual([{ role: "user", content: [{ type: "text", text: "What is 2 + 3?", cache_control: { type: "ephemeral" } }] }]);
      // Anthropic reads a plain-text message and one text block alike: the prefix the first request cached is the same.
      expect(second.messages[0]).toEqual({ role: "user", content: "What is 2 + 3?" });
      expect(second.messages.at(-1)).toEqual({
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "5", cache_control: { type: "ephemeral" } }],
      });
    } finally {
      await fake.close();
    }
  });
});
