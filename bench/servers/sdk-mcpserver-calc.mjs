// The calculator as the SDK's docs teach it: McpServer + a zod schema per tool, written by hand.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "calc-mcpserver", version: "1.0.0" });
const pair = { a: z.number().describe("The first operand."), b: z.number().describe("The second operand.") };
const result = { result: z.number() };
const ok = (value) => ({ content: [{ type: "text", text: String(value) }], structuredContent: { result: value } });
const fail = (text) => ({ content: [{ type: "text", text }], isError: true });

server.registerTool("add", { description: "Add two numbers.", inputSchema: pair, outputSchema: result }, ({ a, b }) => ok(a + b));
server.registerTool("subtract", { description: "Subtract b from a.", inputSchema: pair, outputSchema: result }, ({ a, b }) => ok(a - b));
server.registerTool("multiply", { description: "Multiply two numbers.", inputSchema: pair, outputSchema: result }, ({ a, b }) => ok(a * b));
server.registerTool("divide", { description: "Divide a by b.", inputSchema: pair, outputSchema: result }, ({ a, b }) =>
  b === 0 ? fail("Cannot divide by zero.") : ok(a / b),
);
server.registerTool(
  "power",
  { description: "Raise base to exponent.", inputSchema: { base: z.number(), exponent: z.number() }, outputSchema: result },
  ({ base, exponent }) => ok(base ** exponent),
);
server.registerTool("sqrt", { description: "Square root of x.", inputSchema: { x: z.number() }, outputSchema: result }, ({ x }) =>
  x < 0 ? fail("Cannot take the square root of a negative number.") : ok(Math.sqrt(x)),
);

await server.connect(new StdioServerTransport());
