// The floor: the calculator speaking newline-delimited JSON-RPC with no SDK and no validation
// library. Nothing real should be this bare; it shows what Node itself costs.
import { createInterface } from "node:readline";

const output = { type: "object", properties: { result: { type: "number" } }, required: ["result"] };
const pair = { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] };
const tools = ["add", "subtract", "multiply", "divide"].map((name) => ({ name, inputSchema: pair, outputSchema: output }));
tools.push({
  name: "power",
  inputSchema: { type: "object", properties: { base: { type: "number" }, exponent: { type: "number" } }, required: ["base", "exponent"] },
  outputSchema: output,
});
tools.push({ name: "sqrt", inputSchema: { type: "object", properties: { x: { type: "number" } }, required: ["x"] }, outputSchema: output });
const ops = {
  add: (p) => p.a + p.b,
  subtract: (p) => p.a - p.b,
  multiply: (p) => p.a * p.b,
  divide: (p) => p.a / p.b,
  power: (p) => p.base ** p.exponent,
  sqrt: (p) => Math.sqrt(p.x),
};
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

createInterface({ input: process.stdin })
  .on("line", (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      return send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    }
    if (msg.id === undefined) return;
    if (msg.method === "initialize") {
      return send({
        jsonrpc: "2.0",
        id: msg.id,
        result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "calc-raw", version: "1.0.0" } },
      });
    }
    if (msg.method === "tools/list") return send({ jsonrpc: "2.0", id: msg.id, result: { tools } });
    if (msg.method === "tools/call") {
      const op = ops[msg.params.name];
      if (!op) return send({ jsonrpc: "2.0", id: msg.id, error: { code: -32602, message: "Unknown tool" } });
      const value = op(msg.params.arguments ?? {});
      return send({ jsonrpc: "2.0", id: msg.id, result: { content: [{ type: "text", text: String(value) }], structuredContent: { result: value } } });
    }
    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } });
  })
  .on("close", () => process.exit(0));
