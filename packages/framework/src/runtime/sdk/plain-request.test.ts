// The structural request check is held to the SDK's own zod schemas, which it stands in for:
// wherever it says yes, the SDK's message sorter would have dispatched the message as a request.
import { isJSONRPCErrorResponse, isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResultResponse } from "@modelcontextprotocol/server";
import { describe, expect, test } from "vitest";
import { isPlainRequest } from "./plain-request.js";

const call = { name: "add", arguments: { a: 2, b: 3 } };

/** Requests a client sends every day: the fast path must take them. */
const PLAIN: unknown[] = [
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: call },
  { jsonrpc: "2.0", id: "r-1", method: "tools/list" },
  { jsonrpc: "2.0", id: 0, method: "ping", params: {} },
  { jsonrpc: "2.0", id: -7, method: "tools/call", params: { ...call, _meta: { progressToken: "p" } } },
  { jsonrpc: "2.0", id: 2, method: "tools/call", params: { ...call, _meta: { progressToken: 9, "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } },
  { jsonrpc: "2.0", id: Number.MAX_SAFE_INTEGER, method: "no/such/method", params: { anything: [1, { deep: null }] } },
];

/** Messages the fast path leaves to the SDK: not requests, or requests with something unusual. */
const LEFT_TO_THE_SDK: unknown[] = [
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 1, result: {} },
  { jsonrpc: "2.0", id: 1, error: { code: -32600, message: "no" } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: call, extra: true },
  { jsonrpc: "2.0", id: 1, method: "tools/call", result: {} },
  { jsonrpc: "1.0", id: 1, method: "tools/call" },
  { id: 1, method: "tools/call" },
  { jsonrpc: "2.0", id: 1.5, method: "tools/call" },
  { jsonrpc: "2.0", id: 2 ** 53, method: "tools/call" },
  { jsonrpc: "2.0", id: null, method: "tools/call" },
  { jsonrpc: "2.0", id: 1, method: 7 },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: [] },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: null },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: null } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: { progressToken: 1.5 } } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: { progressToken: { x: 1 } } } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: { "io.modelcontextprotocol/related-task": { taskId: "t" } } } },
  [{ jsonrpc: "2.0", id: 1, method: "ping" }],
  null,
  "ping",
];

describe("isPlainRequest", () => {
  test("takes the requests clients send, each one the SDK sorts as a request and nothing else", () => {
    for (const message of PLAIN) {
      expect(isPlainRequest(message), JSON.stringify(message)).toBe(true);
      expect(isJSONRPCRequest(message)).toBe(true);
      expect(isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)).toBe(false);
    }
  });

  test("leaves every other message to the SDK's own sorting", () => {
    for (const message of LEFT_TO_THE_SDK) expect(isPlainRequest(message), JSON.stringify(message)).toBe(false);
    // The table holds messages of every kind the SDK knows, so the sorter still sees each kind.
    expect(LEFT_TO_THE_SDK.some((m) => isJSONRPCNotification(m))).toBe(true);
    expect(LEFT_TO_THE_SDK.some((m) => isJSONRPCResultResponse(m))).toBe(true);
    expect(LEFT_TO_THE_SDK.some((m) => isJSONRPCErrorResponse(m))).toBe(true);
  });
});
