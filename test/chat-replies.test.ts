import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { providerEnv, startFakeProvider, type FakeProviderKind, type ModelListing, type ScriptedTurn } from "./support/fake-providers.js";
import { HOST_SERVERS, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";

const KINDS: FakeProviderKind[] = ["anthropic", "openai", "gemini"];
const KEY_OF: Record<FakeProviderKind, string> = { anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY" };
const NAME_OF: Record<FakeProviderKind, string> = { anthropic: "Anthropic", openai: "OpenAI-compatible endpoint", gemini: "Gemini" };
const GENERATE: Record<FakeProviderKind, string> = {
  anthropic: "POST /v1/messages",
  openai: "POST /v1/chat/completions",
  // The SDK picks the version: v1 with a custom base URL.
  gemini: "POST /v1/models/test-model:generateContent",
};

const envWith = providerEnv;

let dir: string;
let config: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-replies-"));
  config = writeMcpConfig(dir, {
    calc: { ...nodeServer(HOST_SERVERS.calc), trust: "read-only" },
    // The same server, its read-only hints not trusted (no "trust": the default).
    calc2: nodeServer(HOST_SERVERS.calc),
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `typemcp chat --prompt` with the calc server against a fake provider scripted with `turns` (the last repeats). */
async function chat(kind: FakeProviderKind, turns: ScriptedTurn[], extra: string[] = [], listing: ModelListing = "known") {
  const fake = await startFakeProvider(kind, (index) => turns[Math.min(index, turns.length - 1)]!, "test-model", listing);
  try {
    const run = await typemcp(
      ["chat", "--config", config, "calc", "--provider", kind, "--model", "test-model", "--base-url", fake.baseUrl, "--prompt", "What is 2 + 3?", ...extra],
      { env: envWith({ [KEY_OF[kind]]: "test-key" }), timeoutMs: 30_000 },
    );
    return { run, generations: fake.generations(), requests: fake.requests, baseUrl: fake.baseUrl };
  } finally {
    await fake.close();
  }
}

describe.each(KINDS)("typemcp chat with %s: replies that are not a normal answer", { timeout: 60_000 }, (kind) => {
  test("a 200 whose body is an error is one line naming it, exit 3", async () => {
    const { run, baseUrl } = await chat(kind, [{ reply: { status: 200, body: JSON.stringify({ error: { message: "upstream overloaded", code: 529 } }) } }]);
    expect(run.stderr).toBe(`typemcp: ${NAME_OF[kind]} at ${baseUrl} answered ${GENERATE[kind]} with an error in a 200 body: upstream overloaded\n`);
    expect(run.stdout).toBe("");
    expect(run.status).toBe(3);
  });

  test("a body that is not JSON is named as such, not as an unreachable endpoint, exit 3", async () => {
    const { run } = await chat(kind, [{ reply: { status: 200, body: "<html>Bad gateway</html>" } }]);
    expect(run.stderr).toMatch(
      new RegExp(`^typemcp: .* answered ${GENERATE[kind].replace(/[.:]/g, "\\$&")} with a body that is not JSON: "<html>Bad gateway</html>"\\n$`),
    );
    expect(run.status).toBe(3);
  });

  test("a provider that stalls is given up on at --timeout, exit 3", async () => {
    // --timeout bounds the calc server's start too: 10 s is room for a loaded machine.
    const { run } = await chat(kind, [{ text: "too late", stallMs: 60_000 }], ["--timeout", "10000"]);
    expect(run.stderr).toMatch(new RegExp(`gave no answer to ${GENERATE[kind].replace(/[.:]/g, "\\$&")} within 10 s \\(--timeout\\)\\n$`));
    expect(run.stdout).toBe("");
    expect(run.status).toBe(3);
  });

  test("an answer cut at the output limit is printed, said to be cut, exit 6", async () => {
    const { run } = await chat(kind, [{ text: "The sum of 2 and", stop: "length" }]);
    expect(run.stdout).toBe("The sum of 2 and\n");
    expect(run.stderr).toMatch(
      /The answer was cut short: the model reached its output limit \((max_tokens|length|MAX_TOKENS)\)\. Raise --max-tokens, or ask for less\.\n$/,
    );
    expect(run.status).toBe(6);
  });

  test("an answer the provider's safety filter withheld is said to be, exit 6", async () => {
    const { run } = await chat(kind, [{ stop: "safety" }]);
    expect(run.stderr).toMatch(
      /(The provider withheld the answer \((content_filter|SAFETY)\): its content filter stopped it|The model declined to answer \(refusal\)\. Rephrase the request, or ask for something else)\.\n$/,
    );
    expect(run.status).toBe(6);
  });

  test("a 429 is retried after the provider's retry-after, and the chat goes on", async () => {
    const { run, generations } = await chat(kind, [
      { reply: { status: 429, body: JSON.stringify({ error: { message: "slow down" } }), headers: { "retry-after": "0" } } },
      { text: "5." },
    ]);
    expect(run.stdout).toBe("5.\n");
    expect(run.status).toBe(0);
    expect(generations).toHaveLength(2);
  });

  test("a 503 that stays is retried --retries times, then one line, exit 3", async () => {
    const { run, generations } = await chat(
      kind,
      [{ reply: { status: 503, body: JSON.stringify({ error: { message: "unavailable" } }), headers: { "retry-after": "0" } } }],
      ["--retries", "1"],
    );
    expect(generations).toHaveLength(2);
    expect(run.stderr).toMatch(new RegExp(`^typemcp: ${NAME_OF[kind]} at \\S+ answered POST \\S+ with HTTP 503 \\(after 1 retry\\): .*unavailable`));
    expect(run.status).toBe(3);
  });

  test("--max-tokens sets the bound each request carries", async () => {
    const { run, generations } = await chat(kind, [{ text: "5." }], ["--max-tokens", "123"]);
    expect(run.status).toBe(0);
    const bound =
      kind === "anthropic"
        ? generations[0].max_tokens
        : kind === "openai"
          ? generations[0].max_completion_tokens
          : generations[0].generationConfig.maxOutputTokens;
    expect(bound).toBe(123);
  });

  test("--max-steps does not run calls whose results no model request would read", async () => {
    const { run, generations } = await chat(kind, [{ calls: [{ name: "calc__add", args: { a: 2, b: 3 } }] }], ["--max-steps", "1", "--json"]);
    expect(run.status).toBe(5);
    expect(generations).toHaveLength(1);
    const events = JSON.parse(run.stdout).events;
    expect(events.filter((e: any) => e.type === "decision")).toEqual([
      { type: "decision", id: expect.any(String), decision: "refused", by: "host", reason: "Not run: the turn reached --max-steps 1 before this call." },
    ]);
  });

  test("a provider failing mid-turn keeps what the tools returned: --json shows the results and the error", async () => {
    const { run } = await chat(
      kind,
      [{ calls: [{ name: "calc__add", args: { a: 2, b: 3 } }] }, { reply: { status: 500, body: JSON.stringify({ error: { message: "boom" } }) } }],
      ["--retries", "0", "--json"],
    );
    expect(run.status).toBe(3);
    const out = JSON.parse(run.stdout);
    expect(out.stopped).toBe("failed");
    expect(out.error.message).toMatch(/with HTTP 500: .*boom/);
    expect(out.events.filter((e: any) => e.type === "result").map((e: any) => [e.isError, e.text])).toEqual([[false, "5"]]);
    expect(run.stderr).toMatch(/^typemcp: .*with HTTP 500: .*boom\n$/m);
  });

  test("usage per request, per turn and in total is in --json, as the provider reported it", async () => {
    const { run } = await chat(kind, [{ calls: [{ name: "calc__add", args: { a: 2, b: 3 } }] }, { text: "5." }], ["--json"]);
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    // The fakes report 10 tokens in and 10 out for every request, as each provider's fields.
    expect(out.usage).toEqual({ inputTokens: 20, outputTokens: 20 });
    expect(out.events.filter((e: any) => e.type === "usage").map((e: any) => e.turn)).toEqual([
      { inputTokens: 10, outputTokens: 10 },
      { inputTokens: 20, outputTokens: 20 },
    ]);
  });
});

describe("typemcp chat with gemini: a prompt its filter blocks", { timeout: 60_000 }, () => {
  test("no candidate, a promptFeedback.blockReason: said to be withheld, exit 6 (it printed nothing, exit 0)", async () => {
    const { run } = await chat("gemini", [{ reply: { status: 200, body: JSON.stringify({ promptFeedback: { blockReason: "PROHIBITED_CONTENT" } }) } }]);
    expect(run.stderr).toBe("The provider withheld the answer (PROHIBITED_CONTENT): its content filter stopped it.\n");
    expect(run.stdout).toBe("");
    expect(run.status).toBe(6);
  });
});

describe("typemcp chat with anthropic: an error event in the middle of a stream", { timeout: 60_000 }, () => {
  test("is reported as what Anthropic said, not as a provider it could not reach", async () => {
    const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
    const body =
      event("message_start", {
        type: "message_start",
        message: {
          id: "m",
          type: "message",
          role: "assistant",
          model: "test-model",
          content: [],
          stop_reason: null,
          usage: { input_tokens: 1, output_tokens: 0 },
        },
      }) + event("error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
    const { run } = await chat("anthropic", [{ reply: { status: 200, body, headers: { "content-type": "text/event-stream" } } }], ["--stream"]);
    expect(run.stderr).toMatch(
      /^typemcp: Anthropic at http:\/\/127\.0\.0\.1:\d+ answered POST \/v1\/messages with an error in the middle of its stream: Overloaded \(overloaded_error\)$/m,
    );
    expect(run.stderr).not.toContain("Could not reach");
    expect(run.status).toBe(3);
  });
});

describe("typemcp chat with openai: a model that refuses", { timeout: 60_000 }, () => {
  const refusal = (delta: boolean) =>
    delta
      ? `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 0, model: "test-model", choices: [{ index: 0, delta: { role: "assistant", content: null, refusal: "I can't help with that." }, finish_reason: null }] })}\n\ndata: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 0, model: "test-model", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`
      : JSON.stringify({
          id: "c",
          object: "chat.completion",
          created: 0,
          model: "test-model",
          choices: [{ index: 0, message: { role: "assistant", content: null, refusal: "I can't help with that." }, finish_reason: "stop" }],
        });
  test.each([
    ["whole", false],
    ["streamed", true],
  ])("refusal with content null (%s): the refusal shown and said to be the model's, exit 6", async (_, streamed) => {
    const reply = streamed ? { status: 200, body: refusal(true), headers: { "content-type": "text/event-stream" } } : { status: 200, body: refusal(false) };
    const { run } = await chat("openai", [{ reply }], streamed ? ["--stream"] : ["--no-stream"]);
    expect(run.stdout).toBe("I can't help with that.\n");
    expect(run.stderr).toContain("The model declined to answer (refusal). Rephrase the request, or ask for something else.\n");
    expect(run.status).toBe(6);
  });
});

describe("typemcp chat: the model list is a courtesy", { timeout: 60_000 }, () => {
  test("an OpenAI-compatible endpoint without GET /models (404) is chatted with; --verbose says so", async () => {
    const quiet = await chat("openai", [{ text: "5." }], [], "missing");
    expect(quiet.run.stdout).toBe("5.\n");
    expect(quiet.run.stderr).toBe("");
    expect(quiet.run.status).toBe(0);
    const loud = await chat("openai", [{ text: "5." }], ["--verbose"], "missing");
    expect(loud.run.stderr).toContain(`typemcp: note: ${loud.baseUrl} has no model list (GET /models answered HTTP 404); going on with "test-model".\n`);
    expect(loud.run.status).toBe(0);
  });

  test("an endpoint that lists other names is chatted with; --verbose says which", async () => {
    const quiet = await chat("openai", [{ text: "5." }], [], "others");
    expect(quiet.run.stderr).toBe("");
    expect(quiet.run.status).toBe(0);
    const loud = await chat("openai", [{ text: "5." }], ["--verbose"], "others");
    expect(loud.run.stderr).toContain(`typemcp: note: ${loud.baseUrl} does not list the model "test-model"; it lists other-model.\n`);
  });
});

describe("typemcp chat: trust per server", { timeout: 60_000 }, () => {
  async function callOn(server: string) {
    const fake = await startFakeProvider("anthropic", (index) =>
      index === 0 ? { calls: [{ name: `${server}__add`, args: { a: 2, b: 3 } }] } : { text: "done" },
    );
    try {
      const run = await typemcp(
        ["chat", "--config", config, server, "--provider", "anthropic", "--model", "test-model", "--base-url", fake.baseUrl, "--prompt", "2+3?", "--json"],
        { env: envWith({ ANTHROPIC_API_KEY: "k" }), timeoutMs: 30_000 },
      );
      return JSON.parse(run.stdout).events.filter((e: any) => e.type === "decision");
    } finally {
      await fake.close();
    }
  }

  test('a read-only hint runs unasked only from a server trusted with "trust": "read-only"', async () => {
    expect(await callOn("calc")).toEqual([{ type: "decision", id: expect.any(String), decision: "run" }]);
  });

  test("by default a read-only hint is a hint: with no terminal to ask, the call is refused, saying why", async () => {
    expect(await callOn("calc2")).toEqual([
      {
        type: "decision",
        id: expect.any(String),
        decision: "refused",
        by: "consent",
        reason:
          'The host refused to call calc2__add: its server "calc2" is not trusted to mark it read-only, and there is no terminal to ask for approval (run with --yes to approve every call, or --deny it).',
      },
    ]);
  });
});
