import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { recordStderrWrites } from "./__fixtures__/record-stderr.js";
import { flushStderrLines, writeStderrLine } from "./stderr-lines.js";

// What reaches stderr, one entry per write: the batching is what is under test, so the writes are
// recorded instead of made.
const writes = recordStderrWrites();
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
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

describe("batches", () => {
  // What the stream was given, kept as given: a batch filled again while the stream still held
  // it would change what was recorded.
  function recordGiven(): Uint8Array[] {
    const given: Uint8Array[] = [];
    process.stderr.write = ((chunk: Uint8Array) => {
      given.push(chunk);
      return true;
    }) as typeof process.stderr.write;
    return given;
  }
  function withWritableLength(length: number, run: () => void): void {
    const had = Object.getOwnPropertyDescriptor(process.stderr, "writableLength");
    Object.defineProperty(process.stderr, "writableLength", { configurable: true, get: () => length });
    try {
      run();
    } finally {
      if (had === undefined) delete (process.stderr as { writableLength?: number }).writableLength;
      else Object.defineProperty(process.stderr, "writableLength", had);
    }
  }
  const lines = Array.from({ length: 600 }, (_, i) => `{"line":${i},"pad":"${"x".repeat(100)}"}\n`);

  test("a batch the stream still holds is never filled again", () => {
    const given = recordGiven();
    withWritableLength(1, () => {
      for (const line of lines) writeStderrLine(line);
      flushStderrLines();
    });
    expect(given.length).toBeGreaterThan(2);
    expect(new Set(given.map((chunk) => chunk.buffer)).size).toBe(given.length);
    expect(given.map((chunk) => new TextDecoder().decode(chunk)).join("")).toBe(lines.join(""));
  });

  test("once the stream has written what it held, the batch given last is filled again", () => {
    const given = recordGiven();
    withWritableLength(0, () => {
      for (const line of lines) writeStderrLine(line);
    });
    expect(given.length).toBeGreaterThan(2);
    expect(new Set(given.map((chunk) => chunk.buffer)).size).toBe(2);
  });
});
