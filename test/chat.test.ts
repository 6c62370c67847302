import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fedBackResults, providerEnv, sentTools, startFakeProvider, type FakeProviderKind, type ScriptedTurn } from "./support/fake-providers.js";
import { HOST_SERVERS, isBuilt, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";
import { startHttpMcpServer, type HttpMcpServer } from "./support/host-http-server.js";

const KINDS: FakeProviderKind[] = ["anthropic", "openai", "gemini"];
const WINCHESTER_VALUE = 972776;
const hasTowns = isBuilt(HOST_SERVERS.towns);

const envWith = providerEnv;

const KEY_OF: Record<FakeProviderKind, string> = { anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY" };

let dir: string;
let config: string;
let echoHttp: HttpMcpServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-"));
  echoHttp = await startHttpMcpServer();
  // Our own servers: their read-only hints are trusted, so those calls run unasked.
  config = writeMcpConfig(dir, {
    towns: { ...nodeServer(HOST_SERVERS.towns), trust: "read-only" },
    calc: { ...nodeServer(HOST_SERVERS.calc), trust: "read-only" },
    echo: { url: echoHttp.url },
  });
});
afterAll(async () => {
  await echoHttp?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `typemcp chat --prompt` against a fake provider scripted with `turns` (the last repeats). */
async function chat(kind: FakeProviderKind, turns: Array<ScriptedTurn | ((body: any) => ScriptedTurn)>, extra: string[] = [], servers = ["towns"]) {
  const fake = await startFakeProvider(kind, (index, body) => {
    const turn = turns[Math.min(index, turns.length - 1)]!;
    return typeof turn === "function" ? turn(body) : turn;
  });
  try {
    const run = await typemcp(
      [
        "chat",
        "--config",
        config,
        ...servers,
        "--provider",
        kind,
        "--model",
        "test-model",
        "--base-url",
        fake.baseUrl,
        "--prompt",
        "How much is a house in Winchester?",
        ...extra,
      ],
      { env: envWith({ [KEY_OF[kind]]: "test-key" }), timeoutMs: 30_000 },
    );
    return { run, fake, generations: fake.generations() };
  } finally {
    await fake.close();
  }
}

describe.skipIf(!hasTowns).each(KINDS)("typemcp chat --prompt with %s", { timeout: 60_000 }, (kind) => {
  test("prints the answer of a model that calls no tool, having offered it every tool in the provider's format", async () => {
    const { run, fake, generations } = await chat(kind, [{ text: "Hello! Ask me about Massachusetts towns." }]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("Hello! Ask me about Massachusetts towns.\n");
    expect(generations).toHaveLength(1);
    const tools = sentTools(kind, generations[0]);
    expect(tools.map((t) => t.name)).toEqual([
      "towns__get_housing",
      "towns__get_schools",
      "towns__get_safety",
      "towns__get_distance_to_boston",
      "towns__get_town",
      "towns__find_towns",
      "towns__compare_towns",
    ]);
    const housing = tools[0]!;
    expect(housing.description).toMatch(/^Get a Massachusetts town's average single-family home value/);
    if (kind === "gemini") {
      // Gemini's OpenAPI subset: upper-case types, no additionalProperties, no $schema.
      expect(housing.schema).toMatchObject({ type: "OBJECT", properties: { town: { type: "STRING" } }, required: ["town"] });
      expect(JSON.stringify(tools.map((t) => t.schema))).not.toMatch(/additionalProperties|\$schema|"type":"(object|string|number|integer|boolean|array)"/);
    } else {
      expect(housing.schema).toMatchObject({ type: "object", properties: { town: { type: "string" } }, required: ["town"], additionalProperties: false });
    }
    if (kind === "openai") expect(generations[0].tools[0]).toMatchObject({ type: "function", function: { strict: true } });
    // The user's message, and the key in the header each SDK uses.
    const user = kind === "anthropic" ? generations[0].messages[0] : kind === "openai" ? generations[0].messages[0] : generations[0].contents[0];
    expect(JSON.stringify(user)).toContain("How much is a house in Winchester?");
    const generate = fake.requests.find((r) => r.method === "POST")!;
    if (kind === "anthropic") expect(generate.headers.authorization).toBe("Bearer test-key");
    if (kind === "openai") expect(generate.headers.authorization).toBe("Bearer test-key");
    if (kind === "gemini") expect(generate.headers["x-goog-api-key"]).toBe("test-key");
  });

  test("runs towns__get_housing for Winchester and answers with the value it returned", async () => {
    const { run, generations } = await chat(kind, [
      { text: "Let me look that up.", calls: [{ name: "towns__get_housing", args: { town: "Winchester" } }] },
      (body) => {
        const [result] = fedBackResults(kind, body);
        const value = (JSON.parse(result!.text) as { avgSingleFamilyAssessedValue: { value: number } }).avgSingleFamilyAssessedValue.value;
        return { text: `The average single-family home in Winchester is assessed at $${value.toLocaleString("en-US")}.` };
      },
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("The average single-family home in Winchester is assessed at $972,776.\n");
    expect(run.stderr).toContain("model: Let me look that up.");
    expect(run.stderr).toContain('→ towns__get_housing {"town":"Winchester"}');
    expect(run.stderr).toMatch(/← \{"town":"Winchester","county":"Middlesex","avgSingleFamilyAssessedValue":\{"value":972776/);
    expect(generations).toHaveLength(2);
    const results = fedBackResults(kind, generations[1]);
    expect(results).toHaveLength(1);
    expect(results[0]!.isError).toBe(false);
    expect(JSON.parse(results[0]!.text)).toMatchObject({ town: "Winchester", avgSingleFamilyAssessedValue: { value: WINCHESTER_VALUE } });
    if (kind === "anthropic") {
      expect(generations[1].messages[1]).toEqual({
        role: "assistant",
        content: [
          { type: "text", text: "Let me look that up." },
          { type: "tool_use", id: "toolu_1", name: "towns__get_housing", input: { town: "Winchester" } },
        ],
      });
      expect(results[0]!.id).toBe("toolu_1");
    }
    if (kind === "openai") {
      expect(generations[1].messages[1]).toMatchObject({
        role: "assistant",
        content: "Let me look that up.",
        tool_calls: [{ id: "call_1", type: "function", function: { name: "towns__get_housing", arguments: '{"town":"Winchester"}' } }],
      });
      expect(results[0]!.id).toBe("call_1");
    }
    if (kind === "gemini") {
      expect(generations[1].contents[1]).toMatchObject({
        role: "model",
        parts: [{ text: "Let me look that up." }, { functionCall: { id: "call_1", name: "towns__get_housing", args: { town: "Winchester" } } }],
      });
      expect(results[0]).toMatchObject({ id: "call_1", name: "towns__get_housing" });
    }
  });

  test("does not send a call whose arguments break the schema, tells the model why, and runs the corrected call", async () => {
    const { run, generations } = await chat(
      kind,
      [
        { calls: [{ name: "towns__get_housing", args: { city: "Winchester" } }] },
        { calls: [{ name: "towns__get_housing", args: { town: "Winchester" } }] },
        { text: "Assessed at $972,776." },
      ],
      ["--json"],
    );
    expect(run.status).toBe(0);
    const transcript = JSON.parse(run.stdout) as {
      answer: string;
      events: Array<{ type: string; decision?: string; by?: string; reason?: string; result?: unknown }>;
    };
    expect(transcript.answer).toBe("Assessed at $972,776.");
    const decisions = transcript.events.filter((e) => e.type === "decision");
    expect(decisions.map((e) => [e.decision, e.by])).toEqual([
      ["invalid", "schema"],
      ["run", undefined],
    ]);
    expect(decisions[0]!.reason).toMatch(/^Not sent: the arguments for towns__get_housing do not fit its input schema:\n- town: missing required parameter/);
    expect(decisions[0]!.reason).toMatch(/city/);
    // --json keeps each result whole.
    expect(transcript.events.find((e) => e.type === "result" && e.result)!.result).toMatchObject({
      structuredContent: { avgSingleFamilyAssessedValue: { value: WINCHESTER_VALUE } },
    });
    const first = fedBackResults(kind, generations[1]);
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain("missing required parameter");
    if (kind !== "openai") expect(first[0]!.isError).toBe(true);
    expect(JSON.parse(fedBackResults(kind, generations[2])[0]!.text)).toMatchObject({ town: "Winchester" });
  });

  test("refuses a tool --deny names, never offers it, and tells both the user and the model", async () => {
    const { run, generations } = await chat(
      kind,
      [{ calls: [{ name: "towns__get_safety", args: { town: "Winchester" } }] }, { text: "I may not look up crime rates here." }],
      ["--deny", "towns__get_safety"],
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("I may not look up crime rates here.\n");
    expect(sentTools(kind, generations[0]).map((t) => t.name)).not.toContain("towns__get_safety");
    expect(run.stderr).toContain(
      '→ towns__get_safety {"town":"Winchester"}\n  ✗ refused (policy): The host refused to call towns__get_safety: it matches --deny "towns__get_safety".',
    );
    const [told] = fedBackResults(kind, generations[1]);
    expect(told!.text).toContain('The host refused to call towns__get_safety: it matches --deny "towns__get_safety"');
  });

  test("runs two calls of one turn in order and feeds both results back together", async () => {
    const { run, generations } = await chat(kind, [
      {
        calls: [
          { name: "towns__get_housing", args: { town: "Winchester" } },
          { name: "towns__get_schools", args: { town: "Winchester" } },
        ],
      },
      { text: "Both looked up." },
    ]);
    expect(run.status).toBe(0);
    const housing = run.stderr.indexOf("→ towns__get_housing");
    const schools = run.stderr.indexOf("→ towns__get_schools");
    expect(housing).toBeGreaterThanOrEqual(0);
    expect(schools).toBeGreaterThan(housing);
    const results = fedBackResults(kind, generations[1]);
    expect(results.map((r) => JSON.parse(r.text).town)).toEqual(["Winchester", "Winchester"]);
    expect(results[0]!.text).toContain("avgSingleFamilyAssessedValue");
    expect(results[1]!.text).toContain("schoolRating");
    if (kind === "anthropic") expect(generations[1].messages).toHaveLength(3);
    if (kind === "openai") expect(generations[1].messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "tool", "tool"]);
    if (kind === "gemini") expect(generations[1].contents[2].parts).toHaveLength(2);
  });

  test("ends a model that keeps calling tools at --max-steps with a clear message and exit 5", async () => {
    const { run, generations } = await chat(kind, [{ calls: [{ name: "towns__get_housing", args: { town: "Winchester" } }] }], ["--max-steps", "3"]);
    expect(run.status).toBe(5);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("Stopped after 3 model requests without an answer (--max-steps 3): the model kept calling tools.");
    expect(generations).toHaveLength(3);
    expect(run.stderr.match(/→ towns__get_housing/g)).toHaveLength(3);
  });
});
