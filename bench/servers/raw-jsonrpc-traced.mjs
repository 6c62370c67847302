// The no-SDK floor calculator (raw-jsonrpc-calc.mjs) with each tools/call answered from a promise
// and, when an OpenTelemetry SDK is registered (`--import servers/otel-sdk.mjs`), served inside
// exactly what bench/otel-floor.mjs counts: one server span made active around the handler's
// promise, ended, and one histogram record. The two processes (with and without the SDK) differ
// only by that work, so their difference is what the OpenTelemetry SDK costs per request inside
// a real stdio server (its context manager's hooks and its garbage in a server's heap included),
// with no typemcp anywhere: the floor typemcp's own share of a traced call is measured against.
import { createInterface } from "node:readline";

const GLOBAL_KEY = Symbol.for("opentelemetry.js.api.1");
const registered = globalThis[GLOBAL_KEY]?.trace !== undefined;
const otel = registered ? await import("@opentelemetry/api") : undefined;
const tracer = otel?.trace.getTracer("floor");
const duration = otel?.metrics.getMeter("floor").createHistogram("mcp.server.operation.duration", { unit: "s" });
const options = otel && {
  kind: otel.SpanKind.SERVER,
  attributes: { "mcp.method.name": "tools/call", "mcp.protocol.version": "2025-11-25", "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "add" },
};
const metricAttributes = { "mcp.method.name": "tools/call", "mcp.protocol.version": "2025-11-25", "gen_ai.tool.name": "add" };

const ops = { add: (p) => p.a + p.b };
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const handler = (op, args) => Promise.resolve(op(args));
const answer = (id, value) => send({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: String(value) }], structuredContent: { result: value } } });

async function traced(id, op, args) {
  const started = performance.now();
  const parent = otel.context.active();
  const span = tracer.startSpan("tools/call add", options, parent);
  span.setAttribute("jsonrpc.request.id", String(id));
  const value = await otel.context.with(otel.trace.setSpan(parent, span), handler, undefined, op, args);
  span.end();
  duration.record((performance.now() - started) / 1000, metricAttributes);
  answer(id, value);
}
async function plain(id, op, args) {
  const started = performance.now();
  const value = await handler(op, args);
  if (performance.now() - started > -1) answer(id, value);
}
const serve = registered ? traced : plain;

createInterface({ input: process.stdin })
  .on("line", (line) => {
    const msg = JSON.parse(line);
    if (msg.id === undefined) return;
    if (msg.method === "initialize") {
      return send({
        jsonrpc: "2.0",
        id: msg.id,
        result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "calc-raw", version: "1.0.0" } },
      });
    }
    if (msg.method === "tools/list") return send({ jsonrpc: "2.0", id: msg.id, result: { tools: [{ name: "add", inputSchema: { type: "object" } }] } });
    const op = ops[msg.params?.name];
    if (msg.method !== "tools/call" || !op) return send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Not served by this floor" } });
    void serve(msg.id, op, msg.params.arguments ?? {});
  })
  .on("close", () => process.exit(0));
