// `node bench/otel-floor.mjs [--quick] [--json]`: what the OpenTelemetry SDK itself costs per request, with
// no MCP server around it. The SDK registered as `pnpm bench` registers it (servers/otel-sdk.mjs:
// batch span processor, metric reader, AsyncLocalStorage context manager, exporting nowhere), then
// per request what any server that traces its requests must do at least: one server span with the
// attributes the MCP semantic conventions ask for, made active for the handler (`context.with`
// around a promise, as a handler is one), ended, and one duration recorded in a histogram. CPU per
// request (process.cpuUsage, rounds alternating with the same loop without OpenTelemetry); the
// median. Set beside a call's CPU it bounds what "traced ÷ untraced" can be: no instrumentation
// that makes a span and a histogram record per request costs less than this.
import { context, metrics, SpanKind, trace } from "@opentelemetry/api";
import "./servers/otel-sdk.mjs";
import { median } from "./lib/stats.mjs";

const quick = process.argv.includes("--quick");
const ROUNDS = quick ? 5 : 11;
const REQUESTS = quick ? 20_000 : 50_000;
const tracer = trace.getTracer("floor");
const duration = metrics.getMeter("floor").createHistogram("mcp.server.operation.duration", { unit: "s" });
const options = {
  kind: SpanKind.SERVER,
  attributes: { "mcp.method.name": "tools/call", "mcp.protocol.version": "2025-11-25", "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "add" },
};
const metricAttributes = { "mcp.method.name": "tools/call", "mcp.protocol.version": "2025-11-25", "gen_ai.tool.name": "add" };
const handler = (id) => Promise.resolve(id);

async function traced(id) {
  const started = performance.now();
  const parent = context.active();
  const span = tracer.startSpan("tools/call add", options, parent);
  span.setAttribute("jsonrpc.request.id", String(id));
  const result = await context.with(trace.setSpan(parent, span), handler, undefined, id);
  span.end();
  duration.record((performance.now() - started) / 1000, metricAttributes);
  return result;
}
async function untraced(id) {
  const started = performance.now();
  const result = await handler(id);
  return performance.now() - started > -1 ? result : undefined;
}

// 32 requests in flight at a time, as the pipelined benchmark keeps them.
async function run(serve) {
  const before = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i += 32) {
    const batch = [];
    for (let k = 0; k < 32; k++) batch.push(serve(i + k));
    await Promise.all(batch);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / REQUESTS;
}

await run(traced);
await run(untraced);
const added = [];
for (let round = 0; round < ROUNDS; round++) {
  const first = round % 2 === 0;
  const a = await run(first ? traced : untraced);
  const b = await run(first ? untraced : traced);
  added.push(first ? a - b : b - a);
}
if (process.argv.includes("--json")) console.log(JSON.stringify({ node: process.version, floorUs: median(added) }));
else
  console.log(
    `Node ${process.version}: the OpenTelemetry SDK's own CPU per request (one server span made active, one histogram record), median of ${ROUNDS} rounds of ${REQUESTS}: ${median(added).toFixed(2)} µs`,
  );
