// The six calculator tools as an SDK McpServer registers them with zod, shared by the 1.x and the
// v2 McpServer servers so that both serve exactly the same definitions. `schema(shape)` is how
// each SDK line takes an input or output schema: the 1.x one a raw zod shape, v2 a `z.object`.
const ok = (value) => ({ content: [{ type: "text", text: String(value) }], structuredContent: { result: value } });
const fail = (text) => ({ content: [{ type: "text", text }], isError: true });

/** Registers add, subtract, multiply, divide, power and sqrt on `server`. */
export function registerCalculator(server, z, schema) {
  const pair = schema({ a: z.number().describe("The first operand."), b: z.number().describe("The second operand.") });
  const result = schema({ result: z.number() });
  server.registerTool("add", { description: "Add two numbers.", inputSchema: pair, outputSchema: result }, ({ a, b }) => ok(a + b));
  server.registerTool("subtract", { description: "Subtract b from a.", inputSchema: pair, outputSchema: result }, ({ a, b }) => ok(a - b));
  server.registerTool("multiply", { description: "Multiply two numbers.", inputSchema: pair, outputSchema: result }, ({ a, b }) => ok(a * b));
  server.registerTool("divide", { description: "Divide a by b.", inputSchema: pair, outputSchema: result }, ({ a, b }) =>
    b === 0 ? fail("Cannot divide by zero.") : ok(a / b),
  );
  server.registerTool(
    "power",
    { description: "Raise base to exponent.", inputSchema: schema({ base: z.number(), exponent: z.number() }), outputSchema: result },
    ({ base, exponent }) => ok(base ** exponent),
  );
  server.registerTool("sqrt", { description: "Square root of x.", inputSchema: schema({ x: z.number() }), outputSchema: result }, ({ x }) =>
    x < 0 ? fail("Cannot take the square root of a negative number.") : ok(Math.sqrt(x)),
  );
}
