import { afterEach, beforeEach } from "vitest";
import { stderrLines } from "../stderr-lines.js";

/**
 * For the tests of one file: each test starts with no line waiting, and what reaches stderr is
 * recorded instead of written, one decoded entry per write, in the array returned.
 */
export function recordStderrWrites(): string[] {
  const writes: string[] = [];
  let original: typeof process.stderr.write;
  beforeEach(() => {
    stderrLines.flush();
    writes.length = 0;
    original = process.stderr.write;
    process.stderr.write = ((chunk: string | Uint8Array) => {
      writes.push(typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk));
      return true;
    }) as typeof process.stderr.write;
  });
  afterEach(() => {
    process.stderr.write = original;
  });
  return writes;
}
