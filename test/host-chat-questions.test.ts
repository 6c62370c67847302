import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { fedBackResults, providerEnv, sentTools, startFakeProvider, type FakeProviderKind, type ScriptedTurn } from "./support/fake-providers.js";
import { typemcp, writeMcpConfig } from "./support/host-cli.js";
import { fromRoot, TYPEMCP_CLI } from "./support/paths.js";
import { answerOnTerminal, canFakeTerminal } from "./support/terminal.js";

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
      ["--protocol", protocol, "--allow-sampling"],
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("Done: model test-model said: Short.\n");
    expect(run.stderr).toContain(
      '→ questions__summarize {"text":"a very long text"}\n⤷ server "questions" asks the model (test-model, sampling, at most 50 tokens):\n    system: Be brief.\n    user: Summarise: a very long text\n  ⤶ Short.\n',
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
      ["--json", "--allow-sampling"],
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

describe.each(["auto", "2025-11-25"] as const)(
  "typemcp chat, protocol %s: a sampling request is shown and confirmed like a call",
  { timeout: 60_000 },
  (protocol) => {
    const scripted: Array<(body: any) => ScriptedTurn> = [
      () => ({ calls: [{ name: "questions__summarize", args: { text: "the minutes" } }] }),
      (body) => ({ text: `Result: ${fedBackResults("openai", body)[0]?.text}` }),
    ];

    test("without a terminal, --yes (which approves calls) does not let the server use the model: refused, saying why, and the model never sees it", async () => {
      const { run, generations } = await chat("openai", scripted, ["--protocol", protocol]);
      expect(run.status).toBe(0);
      const reason =
        'The host refused to let the model answer server "questions" (sampling): the server is not trusted, and there is no terminal to ask (trust it with "trust": "read-only" in mcp.json, or run with --allow-sampling).';
      expect(run.stderr).toContain(
        `⤷ server "questions" asks the model (test-model, sampling, at most 50 tokens):\n    system: Be brief.\n    user: Summarise: the minutes\n  ✗ refused: ${reason}\n`,
      );
      // Two requests: the task and the answer; no sampling request reached the provider.
      expect(generations).toHaveLength(2);
      expect(JSON.stringify(generations)).not.toContain("Be brief.");
      expect(run.stdout).toContain(reason);
      expect(run.stdout).not.toContain("model test-model said");
      // 2025-11-25: the server hears the refusal and its tool fails; 2026-07-28: the call ends with
      // the host's refusal. Neither is reported as an error the server answered.
      expect(run.stdout).not.toContain("answered tools/call with an error");
    });

    test("a server trusted in mcp.json samples unasked, still shown", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-trust-"));
      const config = writeMcpConfig(dir, { questions: { command: process.execPath, args: [QUESTIONS], trust: "read-only" } });
      const fake = await startFakeProvider("openai", (index, body) =>
        index === 0 ? scripted[0]!(body) : index === 1 ? { text: "Minutes, short." } : scripted[1]!(body),
      );
      try {
        const run = await typemcp(
          [
            "chat",
            "--config",
            config,
            "--provider",
            "openai",
            "--model",
            "test-model",
            "--base-url",
            fake.baseUrl,
            "--protocol",
            protocol,
            "--yes",
            "--prompt",
            "Go.",
          ],
          { env: providerEnv({ OPENAI_API_KEY: "test-key" }), timeoutMs: 30_000 },
        );
        expect(run.status).toBe(0);
        expect(run.stdout).toBe("Result: model test-model said: Minutes, short.\n");
        expect(run.stderr).toContain("    user: Summarise: the minutes\n  ⤶ Minutes, short.\n");
      } finally {
        await fake.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    test.skipIf(!canFakeTerminal).each([
      ["y", "Result: model test-model said: Minutes, short."],
      ["n", 'The user did not let the model answer server \\"questions\\" (sampling).'],
    ])("on a terminal, asks before the model answers; %s", async (answer, expected) => {
      const fake = await startFakeProvider("openai", (index, body) =>
        index === 0
          ? scripted[0]!(body)
          : index === 1 && answer === "y"
            ? { text: "Minutes, short." }
            : { text: `Result: ${fedBackResults("openai", body)[0]?.text}` },
      );
      try {
        const run = await answerOnTerminal(
          [
            "env",
            "OPENAI_API_KEY=test-key",
            process.execPath,
            TYPEMCP_CLI,
            "chat",
            "--provider",
            "openai",
            "--model",
            "test-model",
            "--base-url",
            fake.baseUrl,
            "--protocol",
            protocol,
            "--yes",
            "--no-stream",
            "--prompt",
            "Go.",
            "--",
            process.execPath,
            QUESTIONS,
          ],
          'Let the model answer server "questions"? [y]es / [N]o / [a]lways for this server:',
          answer,
          30_000,
        );
        expect(run.status).toBe(0);
        expect(run.output).toContain("    user: Summarise: the minutes\r\n");
        expect(JSON.stringify(run.output)).toContain(expected);
        expect(fake.generations()).toHaveLength(answer === "y" ? 3 : 2);
      } finally {
        await fake.close();
      }
    });
  },
);
