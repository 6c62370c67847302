import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connect, type TestClient } from "typemcp/testing";
import { Calculator } from "./calculator.js";

describe("Calculator", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect(new Calculator());
  });
  afterAll(() => client.close());

  test("lists its six tools with schemas from the signatures and JSDoc", async () => {
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["add", "subtract", "multiply", "divide", "power", "sqrt"]);
    expect(tools[0]).toMatchObject({
      name: "add",
      description: "Add two numbers and return their sum.",
      inputSchema: {
        type: "object",
        properties: { a: { type: "number", description: "The first addend." }, b: { type: "number", description: "The second addend." } },
        required: ["a", "b"],
      },
      outputSchema: { type: "object", properties: { result: { type: "number" } }, required: ["result"] },
      annotations: { readOnlyHint: true, idempotentHint: true },
    });
  });

  test("returns each operation's value", async () => {
    expect(await client.call("add", { a: 2, b: 3 })).toBe(5);
    expect(await client.call("subtract", { a: 2, b: 3 })).toBe(-1);
    expect(await client.call("multiply", { a: 4, b: 2.5 })).toBe(10);
    expect(await client.call("divide", { a: 7, b: 2 })).toBe(3.5);
    expect(await client.call("power", { base: 2, exponent: 10 })).toBe(1024);
    expect(await client.call("sqrt", { x: 81 })).toBe(9);
  });

  test("answers division by zero with an error the model can act on", async () => {
    expect(await client.callError("divide", { a: 1, b: 0 })).toBe("Cannot divide by zero: b must be a non-zero number.");
  });

  test("rejects arguments of the wrong type before the method runs", async () => {
    expect(await client.callError("add", { a: "2", b: 3 })).toMatch(/^Invalid arguments for tool "add":\n- a: expected number/);
  });
});
