import { describe, expect, test } from "vitest";
import { LARGE_TEXT, messageParts } from "./message-parts.js";

const answer = (text: string, more: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: 7,
  result: { content: [{ type: "text", text }], ...more },
});

function joined(message: object): { json: string; parts: string[] } {
  const parts = messageParts(message);
  if (parts === undefined) throw new Error("expected the message in parts");
  const list = [...parts];
  return { json: list.join(""), parts: list };
}

describe("messageParts", () => {
  test("leaves a message with no large text to be written whole", () => {
    expect(messageParts(answer("x".repeat(LARGE_TEXT - 1)))).toBeUndefined();
    expect(messageParts({ jsonrpc: "2.0", id: 1, result: { tools: [] } })).toBeUndefined();
    expect(messageParts({ jsonrpc: "2.0", id: 1, error: { code: -32600, message: "x".repeat(LARGE_TEXT) } })).toBeUndefined();
  });

  test("writes a large text's answer as JSON.stringify does, in parts of about a slice each", () => {
    const message = answer("x".repeat(5 * LARGE_TEXT + 3));
    const { json, parts } = joined(message);
    expect(json === JSON.stringify(message)).toBe(true);
    expect(parts.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThanOrEqual(LARGE_TEXT + 64 * 1024);
  });

  test("keeps escapes, non-ASCII text and surrogate pairs whole where a slice ends, lone surrogates escaped as on the whole", () => {
    // A pair across every slice boundary: a slice of even length ending after "a" would split one.
    const text = `a${"😀".repeat(LARGE_TEXT)}"\\\n\t\u0001é\ud800 end \udc00`;
    const message = answer(text);
    expect(joined(message).json === JSON.stringify(message)).toBe(true);
    expect((JSON.parse(joined(message).json) as ReturnType<typeof answer>).result.content[0]!.text === text).toBe(true);
  });

  test("keeps the members around the text in their order, and leaves out what JSON.stringify leaves out", () => {
    const big = "y".repeat(LARGE_TEXT);
    const message = {
      result: {
        _meta: { "io.modelcontextprotocol/serverInfo": { name: "s" } },
        content: [
          { type: "text", text: "small" },
          { type: "text", text: big, annotations: { priority: 1 } },
          { type: "image", data: "AA", mimeType: "image/png" },
        ],
        skipped: undefined,
        isError: false,
        resultType: "complete",
      },
      jsonrpc: "2.0",
      id: "call-1",
    };
    expect(joined(message).json === JSON.stringify(message)).toBe(true);
  });

  test("leaves a message with toJSON to JSON.stringify, which calls it", () => {
    const message = { ...answer("z".repeat(LARGE_TEXT)), toJSON: () => ({ replaced: true }) };
    expect(messageParts(message)).toBeUndefined();
  });
});
