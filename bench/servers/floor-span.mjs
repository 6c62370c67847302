// What the no-SDK floor servers (raw-jsonrpc-traced.mjs over stdio, raw-http-traced.mjs over
// node:http) do around each tools/call add: with an OpenTelemetry SDK registered (`--import
// servers/otel-sdk.mjs`), exactly what bench/otel-floor.mjs counts (one server span made active
// around the handler's promise, ended, one histogram record); without one, the same promise and
// clock reads alone. Not a server: the one place both floors take that work from.
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
const handler = (args) => Promise.resolve(args.a + args.b);

async function traced(id, args, answer) {
  const started = performance.now();
  const parent = otel.context.active();
  const span = tracer.startSpan("tools/call add", options, parent);
  span.setAttribute("jsonrpc.request.id", String(id));
  const value = await otel.context.with(otel.trace.setSpan(parent, span), handler, undefined, args);
  span.end();
  duration.record((performance.now() - started) / 1000, metricAttributes);
  answer(value);
}
async function plain(_id, args, answer) {
  const started = performance.now();
  const value = await handler(args);
  if (performance.now() - started > -1) answer(value);
}

/** Adds `args.a` and `args.b` as a handler's promise, in a span when an SDK is registered, and hands the sum to `answer`. */
export const addInSpan = registered ? traced : plain;
