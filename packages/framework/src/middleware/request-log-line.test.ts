import { describe, expect, test } from "vitest";
import { recordStderrWrites } from "./__fixtures__/record-stderr.js";
import { type RequestLogFacts, requestLogEntry, writeRequestLogLine } from "./request-log-line.js";
import { stderrLines } from "./stderr-lines.js";
import { writeTimingLine } from "./timing-line.js";

const writes = recordStderrWrites();

// A fixed sequence, so a failure is the same failure on every run.
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const NAMES = ["add", "", 'we"ird\nname\u2028', "ünïcødé 🌍", "a\\b", "tools/call", "x".repeat(300)];
const IDS: (string | number)[] = [0, 7, 123_456_789, Number.MAX_SAFE_INTEGER, -1, 2.5, 1e21, "", "abc", 'q"uote', "ünï"];
const OUTCOMES = ["ok", "tool_error", "error"] as const;

describe("the request log's line", () => {
  test("is JSON.stringify of its entry and a newline, byte for byte", () => {
    const next = numbers(42);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const facts: RequestLogFacts[] = [];
    for (let i = 0; i < 3000; i++) {
      const outcome = pick(OUTCOMES);
      facts.push({
        time: next() < 0.95 ? 1_700_000_000_000 + Math.floor(next() * 4_000_000_000) : pick([0, 999, 1000, 1.5, -1, 253_402_300_799_999, 8.64e15]),
        method: pick(["tools/call", "resources/read", "ping", 'we"ird']),
        target: next() < 0.2 ? undefined : pick(NAMES),
        requestId: next() < 0.5 ? i : pick(IDS),
        client: pick(NAMES),
        protocolVersion: pick(["2025-11-25", "2026-07-28"]),
        durationUs: pick([
          0,
          1,
          10,
          100,
          999,
          1000,
          1001,
          1500,
          59,
          Math.floor(next() * 1e9),
          Math.floor(next() * 2 ** 42),
          2 ** 42,
          2 ** 42 + 1,
          2 ** 53 - 1,
          Number.NaN,
        ]),
        outcome,
        error: outcome === "error" && next() < 0.8 ? pick(["Unknown tool", 'bad "input"\n', "ü".repeat(50)]) : undefined,
      });
    }
    // The entry's time is the Date's own ISO string, however it is made.
    expect(facts.filter((fact) => requestLogEntry(fact).time !== new Date(fact.time).toISOString())).toEqual([]);
    for (const fact of facts) writeRequestLogLine(fact);
    stderrLines.flush();
    expect(writes.join("")).toBe(facts.map((fact) => `${JSON.stringify(requestLogEntry(fact))}\n`).join(""));
  });

  test("a line longer than a batch is written whole, in order with the lines around it", () => {
    const base: RequestLogFacts = {
      time: 1_700_000_000_123,
      method: "tools/call",
      target: "add",
      requestId: 1,
      client: "c",
      protocolVersion: "2025-11-25",
      durationUs: 5,
      outcome: "ok",
      error: undefined,
    };
    const long = { ...base, requestId: 2, outcome: "error" as const, error: "é".repeat(20_000) };
    writeRequestLogLine(base);
    writeRequestLogLine(long);
    stderrLines.writeLine("text between\n");
    writeRequestLogLine({ ...base, requestId: 3 });
    stderrLines.flush();
    const lines = writes.join("").split("\n");
    expect(lines.slice(0, -1).map((line) => (line.startsWith("{") ? (JSON.parse(line) as { requestId: number }).requestId : line))).toEqual([
      1,
      2,
      "text between",
      3,
    ]);
    expect(lines[1]).toBe(JSON.stringify(requestLogEntry(long)));
  });
});

describe("timing()'s line", () => {
  test("says the method, the target, the duration to a tenth of a millisecond and the outcome", () => {
    const next = numbers(7);
    const expected: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const edges = [0, 0.04, 0.06, 9.96, 123_456.7, 0.15, 1.45, 2.25, 647.569674 - 81.919674, 1e9, -0.04, Number.NaN];
      const durationMs = i < edges.length ? edges[i]! : next() * 10 ** Math.floor(next() * 7);
      const target = i % 5 === 0 ? undefined : NAMES[i % NAMES.length];
      const outcome = OUTCOMES[i % 3]!;
      writeTimingLine("tools/call", target, durationMs, outcome);
      expected.push(`[typemcp] tools/call${target === undefined ? "" : ` ${target}`}: ${durationMs.toFixed(1)} ms (${outcome})\n`);
    }
    stderrLines.flush();
    expect(writes.join("")).toBe(expected.join(""));
  });
});
