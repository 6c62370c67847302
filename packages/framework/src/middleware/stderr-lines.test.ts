import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { flushStderrLines, writeStderrLine } from "./stderr-lines.js";

// What reaches stderr, one entry per write: the batching is what is under test, so the writes are
// recorded instead of made.
let writes: string[];
let original: typeof process.stderr.write;
beforeEach(() => {
  flushStderrLines();
  writes = [];
  original = process.stderr.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    writes.push(typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk));
    return true;
  }) as typeof process.stderr.write;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  process.stderr.write = original;
});

describe("lines for stderr", () => {
  test("wait up to 50 ms, then leave in one write, in order", () => {
    writeStderrLine("one\n");
    writeStderrLine("two é\n");
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(49);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(["one\ntwo é\n"]);
  });

  test("leave at once when a batch is full, and none is lost or reordered", () => {
    const lines = Array.from({ length: 400 }, (_, i) => `{"line":${i},"pad":"${"x".repeat(100)}"}\n`);
    for (const line of lines) writeStderrLine(line);
    expect(writes.length).toBeGreaterThan(1);
    expect(writes.every((chunk) => Buffer.byteLength(chunk) <= 16 * 1024)).toBe(true);
    flushStderrLines();
    expect(writes.join("")).toBe(lines.join(""));
  });

  test("a line longer than a batch is written whole, in order with the lines around it", () => {
    const long = `${"y".repeat(20_000)}\n`;
    writeStderrLine("before\n");
    writeStderrLine(long);
    writeStderrLine("after\n");
    flushStderrLines();
    expect(writes.join("")).toBe(`before\n${long}after\n`);
    expect(writes.some((chunk) => chunk.includes(long))).toBe(true);
  });
});
