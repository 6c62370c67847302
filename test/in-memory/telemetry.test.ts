import { context, metrics, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type HistogramMetricData,
} from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServer, type Middleware } from "typemcp";
import { connect, type TestClient } from "typemcp/testing";
import { GuardedTools, MiddlewareTools } from "../fixtures/src/middleware-tools.js";
import { GuardedTaskTools } from "../fixtures/src/task-middleware-tools.js";

// The real SDK with its in-memory exporters, registered for this file only: the in-memory
// projects share modules between files, so everything registered here is taken down after it.
const spans = new InMemorySpanExporter();
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
let client: TestClient;
const inMiddleware: string[] = [];

beforeAll(async () => {
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] }));
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // Sees which span is active around it: the request's server span wraps every middleware.
  const spy: Middleware = {
    name: "spy",
    onRequest: (call, next) => {
      inMiddleware.push(`${call.method}: ${trace.getActiveSpan() !== undefined ? "in a span" : "no span"}`);
      return next();
    },
  };
  client = await connect(createServer(new MiddlewareTools(), { name: "otel", version: "0.0.1", use: [spy] }));
});
afterAll(async () => {
  await client.close();
  await reader.shutdown();
  trace.disable();
  metrics.disable();
  context.disable();
});

describe("OpenTelemetry on the server", () => {
  test("a server span per request, a child span per execution, and the error type of each failure", async () => {
    spans.reset();
    await client.call("ticket");
    await client.callError("crash");
    await expect(client.readResource("report://daily")).rejects.toThrow(/ENOSPC/);
    await expect(client.callResult("nope")).rejects.toThrow(/Unknown tool/);
    const finished = spans.getFinishedSpans();
    const named = (name: string) => finished.find((s) => s.name === name)!;
    expect(finished.map((s) => s.name)).toEqual([
      "tools/list",
      "execute_tool ticket",
      "tools/call ticket",
      "execute_tool crash",
      "tools/call crash",
      "read_resource",
      "resources/read",
      "tools/call nope",
    ]);
    expect(named("tools/call ticket")).toMatchObject({
      kind: SpanKind.SERVER,
      attributes: { "mcp.method.name": "tools/call", "mcp.protocol.version": "2025-11-25" },
    });
    expect(named("execute_tool ticket").parentSpanContext?.spanId).toBe(named("tools/call ticket").spanContext().spanId);
    expect(named("tools/call crash")).toMatchObject({ attributes: { "error.type": "tool_error" }, status: { code: SpanStatusCode.ERROR } });
    expect(named("resources/read")).toMatchObject({
      attributes: { "mcp.resource.uri": "report://daily", "error.type": "-32603", "rpc.response.status_code": "-32603" },
      status: { code: SpanStatusCode.ERROR },
    });
    expect(named("read_resource").parentSpanContext?.spanId).toBe(named("resources/read").spanContext().spanId);
    expect(named("tools/call nope").attributes["error.type"]).toBe("-32602");
    expect(inMiddleware).toContain("tools/call: in a span");
  });

  test("records mcp.server.operation.duration in seconds, by method, tool and error type", async () => {
    await client.call("ticket");
    await reader.forceFlush();
    const histogram = metricExporter
      .getMetrics()
      .at(-1)!
      .scopeMetrics.flatMap((scope) => scope.metrics)
      .find((m) => m.descriptor.name === "mcp.server.operation.duration") as HistogramMetricData;
    expect(histogram.descriptor.unit).toBe("s");
    const count = (attributes: Record<string, unknown>) =>
      histogram.dataPoints.filter((p) => Object.entries(attributes).every(([k, v]) => p.attributes[k] === v)).reduce((n, p) => n + p.value.count, 0);
    expect(count({ "mcp.method.name": "tools/call", "gen_ai.tool.name": "ticket", "error.type": undefined })).toBe(2);
    expect(count({ "gen_ai.tool.name": "crash", "error.type": "tool_error" })).toBe(1);
    expect(count({ "mcp.method.name": "resources/read", "error.type": "-32603" })).toBe(1);
    expect(count({ "mcp.method.name": "tools/list", "mcp.protocol.version": "2025-11-25" })).toBeGreaterThanOrEqual(1);
  });

  test("a tool with middleware of its own gets an execution span even when the server has no request middleware", async () => {
    const own = await connect(createServer(new GuardedTools(), { name: "otel-own", version: "0.0.1" }));
    try {
      spans.reset();
      await own.call("guarded", { text: "hello" });
      const names = spans
        .getFinishedSpans()
        .map((s) => s.name)
        .filter((name) => name.endsWith("guarded"));
      expect(names).toEqual(["execute_tool guarded", "tools/call guarded"]);
    } finally {
      await own.close();
    }
  });

  test("a task's run has its execution span, a child of the span of the request that started it", async () => {
    const tasks = await connect(createServer(new GuardedTaskTools(), { name: "otel-tasks", version: "0.0.1" }));
    try {
      spans.reset();
      const task = await tasks.startTask("explode");
      await tasks.taskResult(task.taskId);
      const finished = spans.getFinishedSpans();
      const request = finished.find((s) => s.name === "tools/call explode")!;
      const run = finished.find((s) => s.name === "execute_tool explode")!;
      expect(run.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(run.spanContext().traceId).toBe(request.spanContext().traceId);
      // The request ended once the task was made; the run failed after it.
      expect(run).toMatchObject({ attributes: { "gen_ai.tool.name": "explode", "error.type": "tool_error" }, status: { code: SpanStatusCode.ERROR } });
    } finally {
      await tasks.close();
    }
  });
});
