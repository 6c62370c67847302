// The calculator on the v2 SDK's low-level Server (`@modelcontextprotocol/server`, the line
// typemcp's runtime is built on): JSON Schemas and dispatch written by hand, plain ESM imports.
import { Server } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

const number = (description) => ({ type: "number", description });
const schema = (props) => ({ type: "object", properties: props, required: Object.keys(props), additionalProperties: false });
const output = { type: "object", properties: { result: { type: "number" } }, required: ["result"] };
const pair = schema({ a: number("The first operand."), b: number("The second operand.") });
const tools = [
  { name: "add", description: "Add two numbers.", inputSchema: pair, outputSchema: output },
  { name: "subtract", description: "Subtract b from a.", inputSchema: pair, outputSchema: output },
  { name: "multiply", description: "Multiply two numbers.", inputSchema: pair, outputSchema: output },
  { name: "divide", description: "Divide a by b.", inputSchema: pair, outputSchema: output },
  {
    name: "power",
    description: "Raise base to exponent.",
    inputSchema: schema({ base: number("Base."), exponent: number("Exponent.") }),
    outputSchema: output,
  },
  { name: "sqrt", description: "Square root of x.", inputSchema: schema({ x: number("x.") }), outputSchema: output },
];
const ok = (value) => ({ content: [{ type: "text", text: String(value) }], structuredContent: { result: value } });
const fail = (text) => ({ content: [{ type: "text", text }], isError: true });
const isNum = (v) => typeof v === "number";

const handlers = {
  add: ({ a, b }) => ok(a + b),
  subtract: ({ a, b }) => ok(a - b),
  multiply: ({ a, b }) => ok(a * b),
  divide: ({ a, b }) => (b === 0 ? fail("Cannot divide by zero.") : ok(a / b)),
  power: ({ base, exponent }) => ok(base ** exponent),
  sqrt: ({ x }) => (x < 0 ? fail("Cannot take the square root of a negative number.") : ok(Math.sqrt(x))),
};

const server = new Server({ name: "calc-v2-lowlevel", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/list", () => ({ tools }));
server.setRequestHandler("tools/call", (request) => {
  const { name, arguments: args = {} } = request.params;
  const handler = handlers[name];
  if (!handler) return fail(`Unknown tool: ${name}`);
  const tool = tools.find((t) => t.name === name);
  const bad = tool.inputSchema.required.filter((k) => !isNum(args[k]));
  if (bad.length) return fail(`Invalid arguments: ${bad.join(", ")} must be numbers.`);
  return handler(args);
});
await server.connect(new StdioServerTransport());
