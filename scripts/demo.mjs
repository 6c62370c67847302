// The README's first command ends here: start a sample server the way a host does (a child
// process over stdio), ask it what it offers, and call a few tools, printing what goes by.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = fileURLToPath(new URL("..", import.meta.url));
const server = path.join("packages", "calc-server", "dist", "calc.js");

console.log(`\n$ node ${server}   (started by the demo as an MCP host would, over stdio)\n`);
const client = new Client({ name: "typemcp-demo", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(root, server)], cwd: root }));
const info = client.getServerVersion();
console.log(`initialize  → ${info?.name} ${info?.version}`);

const { tools } = await client.listTools();
console.log(`tools/list  → ${tools.length} tools, each derived from a method's types and JSDoc:`);
for (const tool of tools) {
  const required = new Set(tool.inputSchema.required ?? []);
  const params = Object.keys(tool.inputSchema.properties ?? {}).map((p) => (required.has(p) ? p : `${p}?`));
  console.log(`  ${`${tool.name}(${params.join(", ")})`.padEnd(24)} ${tool.description?.split(". ")[0]}`);
}
const divide = tools.find((t) => t.name === "divide");
console.log(`\nThe schema of "divide", as a model sees it:\n${JSON.stringify(divide?.inputSchema, null, 2)}\n`);

const calls = [
  ["add", { a: 2, b: 3 }],
  ["divide", { a: 22, b: 7 }],
  ["power", { base: 2, exponent: 0.5 }],
  ["divide", { a: 1, b: 0 }],
  ["sqrt", { x: "nine" }],
];
for (const [name, args] of calls) {
  const result = await client.callTool({ name, arguments: args });
  const text = result.content
    .map((c) => c.text)
    .join("\n")
    .replace(/\n/g, "\n      ");
  console.log(`tools/call ${name} ${JSON.stringify(args)}\n  ${result.isError ? "✗ isError:" : "→"} ${text}`);
}
try {
  await client.callTool({ name: "modulo", arguments: { a: 7, b: 3 } });
} catch (error) {
  console.log(`tools/call modulo {"a":7,"b":3}\n  ✗ JSON-RPC error: ${error.message}`);
}
await client.close();
console.log("\nThe server exited when the host closed its stdin. Point any MCP host at it the same way.");
