import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { recordStderrWrites } from "./__fixtures__/record-stderr.js";
import { stderrLines } from "./stderr-lines.js";

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
    stderrLines.writeLine("one\n");
    stderrLines.writeLine("two é\n");
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(49);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(["one\ntwo é\n"]);
  });

  test("leave at once when a batch is full, and none is lost or reordered", () => {
    const lines = Array.from({ length: 400 }, (_, i) => `{"line":${i},"pad":"${"x".repeat(100)}"}\n`);
    for (const line of lines) stderrLines.writeLine(line);
    expect(writes.length).toBeGreaterThan(1);
    expect(writes.every((chunk) => Buffer.byteLength(chunk) <= 16 * 1024)).toBe(true);
    stderrLines.flush();
    expect(writes.join("")).toBe(lines.join(""));
  });

  test("a line longer than a batch is written whole, in order with the lines around it", () => {
    const long = `${"y".repeat(20_000)}\n`;
    stderrLines.writeLine("before\n");
    stderrLines.writeLine(long);
    stderrLines.writeLine("after\n");
    stderrLines.flush();
    expect(writes.join("")).toBe(`before\n${long}after\n`);
    expect(writes.some((chunk) => chunk.includes(long))).toBe(true);
  });
});

describe("batches", () => {
  // A stream as Node's are: its own write (on its prototype) keeps what it was given until
  // `writableLength` says it is written. What it was given is kept as given: a batch filled again
  // while the stream still held it would change what was recorded.
  class HeldStream {
    readonly given: Uint8Array[] = [];
    constructor(readonly writableLength: number) {}
    write(chunk: Uint8Array): boolean {
      this.given.push(chunk);
      return true;
    }
  }
  const lines = Array.from({ length: 600 }, (_, i) => `{"line":${i},"pad":"${"x".repeat(100)}"}\n`);
  // Queues every line and flushes, with `stream` as process.stderr meanwhile.
  function writeAllTo(stream: object): void {
    stderrLines.flush();
    const had = Object.getOwnPropertyDescriptor(process, "stderr")!;
    Object.defineProperty(process, "stderr", { configurable: true, get: () => stream });
    try {
      for (const line of lines) stderrLines.writeLine(line);
      stderrLines.flush();
    } finally {
      Object.defineProperty(process, "stderr", had);
    }
  }
  const decoded = (chunks: Uint8Array[]) => chunks.map((chunk) => new TextDecoder().decode(chunk)).join("");

  test("a batch the stream still holds is never filled again", () => {
    const stream = new HeldStream(1);
    writeAllTo(stream);
    expect(stream.given.length).toBeGreaterThan(2);
    expect(new Set(stream.given.map((chunk) => chunk.buffer)).size).toBe(stream.given.length);
    expect(decoded(stream.given)).toBe(lines.join(""));
  });

  test("once the stream has written what it held, the batch given last is filled again", () => {
    const stream = new HeldStream(0);
    writeAllTo(stream);
    expect(stream.given.length).toBeGreaterThan(2);
    expect(new Set(stream.given.map((chunk) => chunk.buffer)).size).toBe(2);
  });

  test("a write the application put in the stream's place may keep its batch: none is filled again", () => {
    const stream = new HeldStream(0);
    const kept: Uint8Array[] = [];
    Object.defineProperty(stream, "write", { value: (chunk: Uint8Array) => kept.push(chunk) > 0 });
    writeAllTo(stream);
    expect(new Set(kept.map((chunk) => chunk.buffer)).size).toBe(kept.length);
    expect(decoded(kept)).toBe(lines.join(""));
  });
});
