import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fedBackResults, providerEnv, startFakeProvider, type FakeProviderKind, type ScriptedTurn } from "./support/fake-providers.js";
import { HOST_SERVERS, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";
import { ROOT, TYPEMCP_CLI } from "./support/paths.js";

const KINDS: FakeProviderKind[] = ["anthropic", "openai", "gemini"];
const KEY_OF: Record<FakeProviderKind, string> = { anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY" };

let dir: string;
let config: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-stream-"));
  config = writeMcpConfig(dir, { calc: { ...nodeServer(HOST_SERVERS.calc), trust: "read-only" } });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const args = (kind: FakeProviderKind, baseUrl: string, extra: string[]) => [
  "chat",
  "--config",
  config,
  "--provider",
  kind,
  "--model",
  "test-model",
  "--base-url",
  baseUrl,
  "--prompt",
  "What is 2 + 3?",
  ...extra,
];

async function chat(kind: FakeProviderKind, turns: ScriptedTurn[], extra: string[]) {
  const fake = await startFakeProvider(kind, (index) => turns[Math.min(index, turns.length - 1)]!);
  try {
    const run = await typemcp(args(kind, fake.baseUrl, extra), { env: providerEnv({ [KEY_OF[kind]]: "k" }), timeoutMs: 30_000 });
    return { run, generations: fake.generations(), paths: fake.requests.filter((r) => r.method === "POST").map((r) => r.path) };
  } finally {
    await fake.close();
  }
}

const TURNS: ScriptedTurn[] = [{ text: "Let me add them up.", calls: [{ name: "calc__add", args: { a: 2, b: 3 } }] }, { text: "Two and three make 5." }];

describe.each(KINDS)("typemcp chat --stream with %s, through its SDK's stream format", { timeout: 60_000 }, (kind) => {
  test("text arrives in pieces, the tool call is assembled from its deltas and runs, and the answer is whole", async () => {
    const { run, generations, paths } = await chat(kind, TURNS, ["--stream", "--json"]);
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.answer).toBe("Two and three make 5.");
    const deltas = out.events.filter((e: any) => e.type === "delta");
    // Each text came as several pieces, which add up to the turn's text.
    expect(deltas.filter((e: any) => e.step === 1).map((e: any) => e.text)).toEqual(["Let ", "me ", "add ", "them ", "up."]);
    expect(
      deltas
        .filter((e: any) => e.step === 2)
        .map((e: any) => e.text)
        .join(""),
    ).toBe("Two and three make 5.");
    expect(out.events.filter((e: any) => e.type === "call").map((e: any) => [e.qualifiedName, e.arguments])).toEqual([["calc__add", { a: 2, b: 3 }]]);
    expect(fedBackResults(kind, generations[1]).map((r) => r.text)).toEqual(["5"]);
    expect(out.usage).toEqual({ inputTokens: 20, outputTokens: kind === "anthropic" ? 20 : 20 });
    if (kind === "gemini") expect(paths[0]).toMatch(/:streamGenerateContent$/);
    else expect(generations.map((g) => g.stream)).toEqual([true, true]);
  });

  test("the transcript shows the streamed text once, and --no-stream asks for a whole answer", async () => {
    const streamed = await chat(kind, TURNS, ["--stream"]);
    expect(streamed.run.stderr).toContain('model: Let me add them up.\n→ calc__add {"a":2,"b":3}\n');
    expect(streamed.run.stdout).toBe("Two and three make 5.\n");
    const whole = await chat(kind, TURNS, ["--no-stream"]);
    expect(whole.run.stdout).toBe("Two and three make 5.\n");
    if (kind === "gemini") expect(whole.paths[0]).toMatch(/:generateContent$/);
    else expect(whole.generations[0].stream).toBeUndefined();
  });

  test("Ctrl-C stops a stream mid-answer and the turn: exit 130, with the text so far on the screen", async () => {
    const fake = await startFakeProvider(kind, () => ({ text: "This answer never ends", hang: true }));
    try {
      const child = spawn(process.execPath, [TYPEMCP_CLI, ...args(kind, fake.baseUrl, ["--stream"])], { cwd: ROOT, env: providerEnv({ [KEY_OF[kind]]: "k" }) });
      let stderr = "";
      let interrupted = false;
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
        if (!interrupted && stderr.includes("model: This ")) interrupted = child.kill("SIGINT");
      });
      const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(status).toBe(130);
      expect(stderr).toContain("model: This ");
      expect(stderr).toContain("Cancelled.");
    } finally {
      await fake.close();
    }
  });

  test("a stream that falls silent is given up on after --timeout of silence, exit 3", async () => {
    // --timeout bounds the calc server's start too: 10 s is room for a loaded machine.
    const { run } = await chat(kind, [{ text: "This answer never ends", hang: true }], ["--stream", "--timeout", "10000"]);
    expect(run.stderr).toContain("model: This ");
    expect(run.stderr).toMatch(/gave no answer to POST \S+ within 10 s \(--timeout\)\n$/);
    expect(run.status).toBe(3);
  });
});
