import { describe, expect, test } from "vitest";
import { keepJson, messageJson } from "./kept-json.js";

describe("messageJson", () => {
  const list = { tools: [{ name: "héllo ✓", inputSchema: { type: "object" } }], nextCursor: undefined };

  test("writes a message as JSON.stringify does, kept result or not", () => {
    const kept = keepJson({ ...list });
    for (const message of [
      { result: kept, jsonrpc: "2.0", id: 7 },
      { jsonrpc: "2.0", id: 'a"b', result: kept },
      { result: kept, jsonrpc: "2.0", id: 1, extra: undefined },
      { jsonrpc: "2.0", id: 2, result: { ...list } },
      { jsonrpc: "2.0", id: 3, error: { code: -32602, message: "no" } },
    ]) {
      expect(messageJson(message).json).toBe(JSON.stringify(message));
    }
  });

  test("counts a kept result's message in UTF-8 bytes", () => {
    const message = { result: keepJson({ ...list }), jsonrpc: "2.0", id: "ü" };
    expect(messageJson(message).bytes).toBe(Buffer.byteLength(JSON.stringify(message)));
    expect(messageJson({ jsonrpc: "2.0", id: 1, result: {} }).bytes).toBeUndefined();
  });

  test("writes the kept text, serialised once", () => {
    const result = keepJson({ tools: [{ name: "a" }] });
    expect(messageJson({ result, jsonrpc: "2.0", id: 1 }).json).toBe('{"result":{"tools":[{"name":"a"}]},"jsonrpc":"2.0","id":1}');
    // Kept means unchanged from now on: the first text is the one written.
    result.tools.push({ name: "b" });
    expect(messageJson({ result, jsonrpc: "2.0", id: 2 }).json).toBe('{"result":{"tools":[{"name":"a"}]},"jsonrpc":"2.0","id":2}');
  });
});
