// The line splitter gives the same lines however the bytes are cut into chunks: a whole line in
// one chunk (decoded in place) and a line spread over several (gathered) come out alike.
import { describe, expect, test } from "vitest";
import { LineSplitter } from "./line-splitter.js";

function split(chunks: Buffer[], maxBytes: number): { lines: string[]; oversize: number[] } {
  const lines: string[] = [];
  const oversize: number[] = [];
  const splitter = new LineSplitter(
    maxBytes,
    (line) => lines.push(line),
    (bytes) => oversize.push(bytes),
  );
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return { lines, oversize };
}

// Every way of cutting `bytes` at the positions a small step gives, including mid-character.
function cuttings(bytes: Buffer): Buffer[][] {
  const out: Buffer[][] = [[bytes]];
  for (const step of [1, 2, 3, 7, 16]) {
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += step) chunks.push(bytes.subarray(i, i + step));
    out.push(chunks);
  }
  return out;
}

describe("LineSplitter", () => {
  test("the same lines for every chunking: CRLF, empty lines, multi-byte characters, a last line without a newline", () => {
    const text = '{"id":1}\n\r\n{"text":"héllo → wörld ✓"}\r\n\n{"id":2}\n{"last":true}';
    const expected = ['{"id":1}', "", '{"text":"héllo → wörld ✓"}', "", '{"id":2}', '{"last":true}'];
    for (const chunks of cuttings(Buffer.from(text, "utf8"))) {
      expect(split(chunks, 1024).lines).toEqual(expected);
    }
  });

  test("a line over the cap is reported once with its size, whichever way it arrives, and the next line still comes", () => {
    const long = "x".repeat(40);
    const bytes = Buffer.from(`short\n${long}\nafter\n`, "utf8");
    for (const chunks of cuttings(bytes)) {
      const { lines, oversize } = split(chunks, 16);
      expect(lines).toEqual(["short", "after"]);
      expect(oversize).toEqual([40]);
    }
  });
});
