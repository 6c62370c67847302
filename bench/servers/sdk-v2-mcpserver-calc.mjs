// The calculator as the v2 SDK's docs teach it (`@modelcontextprotocol/server` 2.4.0, the line
// typemcp's runtime is built on): McpServer + a zod schema per tool, written by hand. `pnpm bench`
// runs it twice: as installed (plain ESM imports from node_modules) and as one esbuild bundle.
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const server = new McpServer({ name: "calc-v2-mcpserver", version: "1.0.0" });
const pair = z.object({ a: z.number().describe("The first operand."), b: z.number().describe("The second operand.") });
const result = z.object({ result: z.number() });
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
  { description: "Raise base to exponent.", inputSchema: z.object({ base: z.number(), exponent: z.number() }), outputSchema: result },
  ({ base, exponent }) => ok(base ** exponent),
);
server.registerTool("sqrt", { description: "Square root of x.", inputSchema: z.object({ x: z.number() }), outputSchema: result }, ({ x }) =>
  x < 0 ? fail("Cannot take the square root of a negative number.") : ok(Math.sqrt(x)),
);

await server.connect(new StdioServerTransport());
