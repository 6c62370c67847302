import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connect, type TestClient } from "typemcp/testing";
import { Calculator } from "./calculator.js";

// In memory, through typemcp/testing: real JSON-RPC, real argument and output-schema checks, no
// build and no child process. vitest runs this file twice, once per decorator mode (see
// vitest.config.ts); test/calc-server.test.ts starts the built server once as a process.
describe("Calculator", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect(new Calculator());
  });
  afterAll(() => client.close());

  test("declares tools and nothing else", () => {
    expect(client.server.capabilities.tools).toBeDefined();
    expect(client.server.capabilities.prompts).toBeUndefined();
  });

  test("lists its six tools in declaration order, with schemas from the signatures and JSDoc", async () => {
    const tools = await client.listTools();
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
    expect(tools[4]!.inputSchema.properties).toEqual({
      base: { type: "number", description: "The number to raise." },
      exponent: { type: "number", description: "The power to raise it to; may be negative or fractional." },
    });
  });

  test("answers tools/list identically every time", async () => {
    const first = JSON.stringify(await client.listTools());
    expect(JSON.stringify(await client.listTools())).toBe(first);
  });

  test.each([
    ["add", { a: 2, b: 3 }, 5],
    ["subtract", { a: 2, b: 3 }, -1],
    ["multiply", { a: -4, b: 2.5 }, -10],
    ["divide", { a: 7, b: 2 }, 3.5],
    ["power", { base: 2, exponent: 10 }, 1024],
    ["sqrt", { x: 81 }, 9],
  ])("computes %s(%j) = %d as text and structured content", async (name, args, expected) => {
    const result = await client.callResult(name, args);
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: "text", text: String(expected) }]);
    expect(result.structuredContent).toEqual({ result: expected });
    expect(await client.call(name, args)).toBe(expected);
  });

  test("reports division by zero as a tool error the model can read", async () => {
    expect(await client.callError("divide", { a: 1, b: 0 })).toBe("Cannot divide by zero: b must be a non-zero number.");
  });

  test("reports the square root of a negative number, and a negative base's fractional power, as tool errors", async () => {
    expect(await client.callError("sqrt", { x: -4 })).toBe("Cannot take the square root of a negative number (-4): x must be zero or greater.");
    expect(await client.callError("power", { base: -8, exponent: 0.5 })).toBe("-8^0.5 is not a real number: a negative base needs an integer exponent.");
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
    const result = await client.callResult(name, args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content).toEqual([
      { type: "text", text: `The result of ${expression} is too large to represent as a number (beyond ±1.7976931348623157e+308); use smaller inputs.` },
    ]);
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
      expect(await client.call(name, args), name).toBe(expected);
    }
  });

  test("names every wrong parameter when the arguments do not match the schema, before the method runs", async () => {
    expect(await client.callError("divide", { a: "ten", c: 1 })).toBe(
      [
        'Invalid arguments for tool "divide":',
        "- b: missing required parameter (expected number)",
        '- c: unknown parameter; expected only "a", "b"',
        '- a: expected number, got string "ten"',
      ].join("\n"),
    );
  });

  test("treats missing arguments as an empty object and names what is required", async () => {
    const result = await client.request("tools/call", { name: "sqrt" });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: 'Invalid arguments for tool "sqrt":\n- x: missing required parameter (expected number)' }],
    });
  });

  test("rejects an unknown tool with a JSON-RPC error naming it, once", async () => {
    await expect(client.callResult("modulo", {})).rejects.toThrow(
      /^MCP error -32602: Unknown tool: "modulo"\. Available tools: add, subtract, multiply, divide, power, sqrt\.$/,
    );
  });

  test("keeps serving after every kind of failure", async () => {
    expect(await client.call("add", { a: 0.1, b: 0.2 })).toBe(0.1 + 0.2);
  });
});
