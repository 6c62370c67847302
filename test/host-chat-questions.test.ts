import { describe, expect, test } from "vitest";
import { fedBackResults, sentTools, startFakeProvider, type FakeProviderKind, type ScriptedTurn } from "./support/fake-providers.js";
import { typemcp } from "./support/host-cli.js";
import { fromRoot } from "./support/paths.js";

/** test/fixtures/src/host-questions.ts, built by the global setup: tools that elicit, sample and list roots. */
const QUESTIONS = fromRoot("test/fixtures/dist/tc39/host-questions.js");
const KEY_OF: Record<FakeProviderKind, string> = { anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY" };

/** Runs `typemcp chat --prompt … --yes` with the questions server against a fake provider scripted with `turns`. */
async function chat(kind: FakeProviderKind, turns: Array<(body: any) => ScriptedTurn>, extra: string[] = []) {
  const fake = await startFakeProvider(kind, (index, body) => turns[Math.min(index, turns.length - 1)]!(body));
  const env = { ...process.env };
  for (const name of Object.values(KEY_OF)) delete env[name];
  try {
    const run = await typemcp(
      [
        "chat",
        "--provider",
        kind,
        "--model",
        "test-model",
        "--base-url",
        fake.baseUrl,
        "--prompt",
        "Summarise the text for me.",
        "--yes",
        ...extra,
        "--",
        process.execPath,
        QUESTIONS,
      ],
      { env: { ...env, [KEY_OF[kind]]: "test-key" }, timeoutMs: 30_000 },
    );
    return { run, generations: fake.generations() };
  } finally {
    await fake.close();
  }
}

/** Where each provider's request carries the bound on the answer's length. */
function maxTokensOf(kind: FakeProviderKind, body: any): unknown {
  if (kind === "anthropic") return body.max_tokens;
  if (kind === "openai") return body.max_completion_tokens;
  return body.generationConfig?.maxOutputTokens;
}

describe.each([
  ["anthropic", "auto"],
  ["openai", "auto"],
  ["gemini", "auto"],
  ["openai", "2025-11-25"],
] as const)("typemcp chat with %s, protocol %s: a server's sampling request goes to the chat's model", { timeout: 60_000 }, (kind, protocol) => {
  test("the model answers the server with no tools offered, the transcript says so, and the tool's result reaches the model", async () => {
    const { run, generations } = await chat(
      kind,
      [
        () => ({ calls: [{ name: "questions__summarize", args: { text: "a very long text" } }] }),
        () => ({ text: "Short." }),
        (body) => ({ text: `Done: ${fedBackResults(kind, body)[0]?.text}` }),
      ],
      ["--protocol", protocol],
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("Done: model test-model said: Short.\n");
    expect(run.stderr).toContain(
      '→ questions__summarize {"text":"a very long text"}\n⤷ server "questions" asked the model (test-model, sampling): Summarise: a very long text\n  ⤶ Short.\n',
    );
    expect(generations).toHaveLength(3);
    const sampling = generations[1];
    expect(sentTools(kind, sampling)).toEqual([]);
    expect(maxTokensOf(kind, sampling)).toBe(50);
    const sent = JSON.stringify(sampling);
    expect(sent).toContain("Be brief.");
    expect(sent).toContain("Summarise: a very long text");
    // The chat's own conversation stays out of the server's request.
    expect(sent).not.toContain("Summarise the text for me.");
  });
});

describe("typemcp chat --json", { timeout: 60_000 }, () => {
  test("puts each request a server made, and the host's answer, in the transcript, before the call's result", async () => {
    const { run } = await chat(
      "openai",
      [() => ({ calls: [{ name: "questions__summarize", args: { text: "abc" } }] }), () => ({ text: "Short." }), () => ({ text: "Done." })],
      ["--json"],
    );
    expect(run.status).toBe(0);
    const { events } = JSON.parse(run.stdout) as { events: Array<{ type: string }> };
    expect(events.map((e) => e.type)).toEqual(["request", "usage", "call", "decision", "server-request", "result", "request", "usage", "text", "answer"]);
    expect(events[4]).toEqual({
      type: "server-request",
      server: "questions",
      method: "sampling/createMessage",
      params: { messages: [{ role: "user", content: { type: "text", text: "Summarise: abc" } }], systemPrompt: "Be brief.", maxTokens: 50 },
      result: { role: "assistant", content: { type: "text", text: "Short." }, model: "test-model", stopReason: "endTurn" },
    });
  });
});

describe("typemcp chat answers a server's question to the user", { timeout: 60_000 }, () => {
  test("from --answer, and the model sees the tool's result", async () => {
    const { run, generations } = await chat(
      "openai",
      [() => ({ calls: [{ name: "questions__book", args: {} }] }), (body) => ({ text: `Result: ${fedBackResults("openai", body)[0]?.text}` })],
      ["--answer", '{"name": "Ada", "room": "single"}'],
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('Result: booked {"name":"Ada","room":"single","nights":1}\n');
    expect(run.stderr).toContain('typemcp: server "questions" asked "Who is staying, and for how long?"; answered accept from --answer #1.\n');
    expect(generations).toHaveLength(2);
  });

  test("declines from --answer, and the model sees the decline", async () => {
    const { run } = await chat(
      "openai",
      [() => ({ calls: [{ name: "questions__book", args: {} }] }), (body) => ({ text: `Result: ${fedBackResults("openai", body)[0]?.text}` })],
      ["--answer", "decline"],
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("Result: not booked (decline)\n");
    expect(run.stderr).toContain('typemcp: server "questions" asked "Who is staying, and for how long?"; answered decline from --answer #1.\n');
  });
});
