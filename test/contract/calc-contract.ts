import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, expect, test } from "vitest";
import { textOf } from "../support/stdio-client.js";

/** A connected client and how to let it go. */
export interface Connection {
  client: Client;
  close(): Promise<void>;
}

/**
 * What every transport must do for the calculator, written once: the stdio and HTTP suites
 * both call this inside their own `describe`.
 */
export function calcContract(connect: () => Promise<Connection>): void {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connect();
  });
  afterAll(() => connection.close());
  const session = { get client() { return connection.client; } };

  test("introduces itself in the initialize handshake", () => {
    expect(session.client.getServerVersion()).toMatchObject({ name: "calc", version: "1.0.0", title: "Calculator" });
    expect(session.client.getServerCapabilities()?.tools).toBeDefined();
  });

  test("lists the six tools in declaration order with JSDoc descriptions", async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["add", "subtract", "multiply", "divide", "power", "sqrt"]);
    const divide = tools.find((t) => t.name === "divide")!;
    expect(divide.description).toBe("Divide a by b and return the quotient (a ÷ b). Fails when b is zero.");
    expect(divide.inputSchema).toEqual({
      type: "object",
      properties: {
        a: { type: "number", description: "The dividend: the number to be divided." },
        b: { type: "number", description: "The divisor; must not be zero." },
      },
      required: ["a", "b"],
      additionalProperties: false,
    });
    expect(divide.outputSchema).toEqual({
      type: "object",
      properties: { result: { type: "number" } },
      required: ["result"],
      additionalProperties: false,
    });
    expect(divide.annotations).toEqual({ readOnlyHint: true, idempotentHint: true });
  });

  test("answers tools/list identically every time", async () => {
    const first = JSON.stringify(await session.client.listTools());
    expect(JSON.stringify(await session.client.listTools())).toBe(first);
  });

  test.each([
    ["add", { a: 2, b: 3 }, 5],
    ["subtract", { a: 2, b: 3 }, -1],
    ["multiply", { a: -4, b: 2.5 }, -10],
    ["divide", { a: 7, b: 2 }, 3.5],
    ["power", { base: 2, exponent: 10 }, 1024],
    ["sqrt", { x: 81 }, 9],
  ])("computes %s(%j) = %d as text and structured content", async (name, args, expected) => {
    const result = await session.client.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(String(expected));
    expect(result.structuredContent).toEqual({ result: expected });
  });

  test("reports division by zero as a tool error the model can read", async () => {
    const result = await session.client.callTool({ name: "divide", arguments: { a: 1, b: 0 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Cannot divide by zero: b must be a non-zero number.");
  });

  test("reports the square root of a negative number as a tool error", async () => {
    const result = await session.client.callTool({ name: "sqrt", arguments: { x: -4 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Cannot take the square root of a negative number \(-4\)/);
  });

  // The SDK's client checks every structuredContent against the tool's outputSchema and throws
  // when one does not match: each call here would reject if a result overflowed into `null`.
  test.each([
    ["add", { a: 1e308, b: 1e308 }, "1e+308 + 1e+308"],
    ["subtract", { a: -1e308, b: 1e308 }, "-1e+308 − 1e+308"],
    ["multiply", { a: 1e308, b: 10 }, "1e+308 × 10"],
    ["divide", { a: 1e308, b: 1e-10 }, "1e+308 ÷ 1e-10"],
    ["power", { base: 10, exponent: 400 }, "10^400"],
  ])("reports an overflowing %s(%j) as a tool error the model can act on", async (name, args, expression) => {
    const result = await session.client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toBe(`The result of ${expression} is too large to represent as a number (beyond ±1.7976931348623157e+308); use smaller inputs.`);
  });

  test("returns the largest results that still fit, valid against their output schemas", async () => {
    const max = Number.MAX_VALUE;
    for (const [name, args, expected] of [
      ["add", { a: max, b: 0 }, max],
      ["subtract", { a: -max, b: 0 }, -max],
      ["multiply", { a: max, b: 1 }, max],
      ["divide", { a: max, b: 1 }, max],
      ["power", { base: max, exponent: 1 }, max],
      ["sqrt", { x: max }, Math.sqrt(max)],
    ] as const) {
      const result = await session.client.callTool({ name, arguments: args });
      expect(result.structuredContent, name).toEqual({ result: expected });
    }
  });

  test("names every wrong parameter when the arguments do not match the schema", async () => {
    const result = await session.client.callTool({ name: "divide", arguments: { a: "ten", c: 1 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      [
        'Invalid arguments for tool "divide":',
        "- b: missing required parameter (expected number)",
        '- c: unknown parameter; expected only "a", "b"',
        '- a: expected number, got string "ten"',
      ].join("\n"),
    );
  });

  test("treats missing arguments as an empty object and names what is required", async () => {
    const result = await session.client.callTool({ name: "sqrt" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Invalid arguments for tool "sqrt":\n- x: missing required parameter (expected number)');
  });

  test("rejects an unknown tool with a JSON-RPC error naming it, once", async () => {
    await expect(session.client.callTool({ name: "modulo", arguments: {} })).rejects.toThrow(
      /^MCP error -32602: Unknown tool: "modulo"\. Available tools: add, subtract, multiply, divide, power, sqrt\.$/,
    );
  });

  test("keeps serving after every kind of failure", async () => {
    const result = await session.client.callTool({ name: "add", arguments: { a: 0.1, b: 0.2 } });
    expect(result.structuredContent).toEqual({ result: 0.1 + 0.2 });
  });
}
