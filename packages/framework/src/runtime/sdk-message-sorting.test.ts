// Holds the message-sorting workaround to the SDK it works around: fails the moment the SDK's
// predicates stop going through the schema objects `specTypeSchemas` publishes (the shortcuts
// would silently do nothing), or a shortcut's answer differs from zod's own.
import { isJSONRPCErrorResponse, isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResultResponse, specTypeSchemas } from "@modelcontextprotocol/server";
import { describe, expect, test } from "vitest";
import { installMessageSortingShortcuts } from "./sdk-message-sorting.js";

installMessageSortingShortcuts();

const PREDICATES = {
  JSONRPCRequest: isJSONRPCRequest,
  JSONRPCResultResponse: isJSONRPCResultResponse,
  JSONRPCErrorResponse: isJSONRPCErrorResponse,
  JSONRPCNotification: isJSONRPCNotification,
} as const;
type Name = keyof typeof PREDICATES;
type Parsing = { safeParse: (value: unknown, params?: unknown) => { success: boolean; data?: unknown; error?: unknown } };
const schema = (name: Name) => specTypeSchemas[name] as unknown as Parsing;

const call = { name: "add", arguments: { a: 2, b: 3 } };
const nullProto = Object.assign(Object.create(null) as Record<string, unknown>, { jsonrpc: "2.0", id: 3, method: "ping" });
/** Every kind of message, well formed or not, that a client or the server may send. */
const MESSAGES: unknown[] = [
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: call },
  { jsonrpc: "2.0", id: "r-1", method: "tools/list" },
  { jsonrpc: "2.0", id: 2, method: "tools/call", params: { ...call, _meta: { progressToken: 9, "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: { "io.modelcontextprotocol/related-task": { taskId: "t" } } } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: { progressToken: 1.5 } } },
  { jsonrpc: "2.0", id: 1.5, method: "tools/call" },
  { jsonrpc: "2.0", id: null, method: "tools/call" },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: [] },
  { jsonrpc: "2.0", id: 1, method: "tools/call", extra: true },
  { jsonrpc: "1.0", id: 1, method: "tools/call" },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "no" } },
  { jsonrpc: "2.0", method: 7 },
  { jsonrpc: "2.0", id: 1, result: {} },
  { jsonrpc: "2.0", id: "x", result: { content: [{ type: "text", text: "5" }], structuredContent: { result: 5 } } },
  { jsonrpc: "2.0", id: 1, result: { _meta: { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } } } },
  { jsonrpc: "2.0", id: 1, result: { _meta: undefined } },
  { jsonrpc: "2.0", id: 1, result: [] },
  { jsonrpc: "2.0", id: 1, result: null },
  { jsonrpc: "2.0", id: 2 ** 53, result: {} },
  { jsonrpc: "2.0", id: 1, result: {}, extra: 1 },
  { jsonrpc: "2.0", id: 1, method: "x", result: {} },
  { jsonrpc: "2.0", id: 1, error: { code: -32600, message: "no" } },
  { jsonrpc: "2.0", error: { code: -32700, message: "parse" } },
  { jsonrpc: "2.0", id: 1, error: { code: "x", message: "no" } },
  { jsonrpc: "2.0", id: 1, error: { code: 1, message: "no" }, result: {} },
  { jsonrpc: "2.0", id: 1 },
  { jsonrpc: "2.0" },
  nullProto,
  [{ jsonrpc: "2.0", id: 1, method: "ping" }],
  null,
  "ping",
  7,
];

// zod's own answer, through the schema's Standard Schema face, which the shortcuts leave alone.
const zodSays = (name: Name, value: unknown) => {
  const outcome = specTypeSchemas[name]["~standard"].validate(value) as { issues?: unknown };
  return outcome.issues === undefined;
};

describe("the message-sorting shortcuts in front of the SDK's schemas", () => {
  test("the SDK's message predicates go through the published schema objects (else the shortcuts do nothing)", () => {
    for (const [name, predicate] of Object.entries(PREDICATES) as [Name, (value: unknown) => boolean][]) {
      const target = schema(name);
      const own = target.safeParse;
      let asked = 0;
      target.safeParse = (value, params) => {
        asked++;
        return own(value, params);
      };
      try {
        predicate({ jsonrpc: "2.0", id: 1, method: "ping" });
      } finally {
        target.safeParse = own;
      }
      expect(asked, `is${name} no longer parses specTypeSchemas.${name}`).toBe(1);
    }
  });

  test("every predicate answers as zod does, for every kind of message", () => {
    for (const name of Object.keys(PREDICATES) as Name[]) {
      for (const message of MESSAGES) expect(PREDICATES[name](message), `${name}: ${JSON.stringify(message)}`).toBe(zodSays(name, message));
    }
  });

  test("the shortcuts are taken for the messages of a tools/call, and zod's data and error are there when read", () => {
    const request = { jsonrpc: "2.0", id: 1, method: "tools/call", params: call };
    const response = { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "5" }] } };
    const taken = (name: Name, value: unknown, property: "data" | "error") => {
      const answer = schema(name).safeParse(value);
      // A shortcut answers with a getter (zod's own parse, made when read); zod with a plain object.
      return { lazy: typeof Object.getOwnPropertyDescriptor(Object.getPrototypeOf(answer), property)?.get === "function", value: answer[property] };
    };
    expect(taken("JSONRPCResultResponse", request, "error").lazy).toBe(true);
    expect(taken("JSONRPCErrorResponse", request, "error").lazy).toBe(true);
    expect(taken("JSONRPCRequest", request, "data")).toEqual({ lazy: true, value: request });
    expect(taken("JSONRPCResultResponse", response, "data")).toEqual({ lazy: true, value: response });
    const refused = taken("JSONRPCResultResponse", request, "error");
    expect((refused.value as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
  });
});
