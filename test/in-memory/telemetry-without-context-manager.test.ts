import { metrics, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServer } from "typemcp";
import { connect, type TestClient } from "typemcp/testing";
import { GuardedTools, MiddlewareTools } from "../fixtures/src/middleware-tools.js";

// A TracerProvider registered without a context manager (no `register()`, as on some Workers
// setups): no active context crosses an await, so the request's span must reach the execution
// span through the request itself.
const spans = new InMemorySpanExporter();
let client: TestClient;

beforeAll(async () => {
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] }));
  client = await connect(
    createServer(new MiddlewareTools(), { name: "otel-bare", version: "0.0.1", use: [{ name: "pass", onRequest: (_call, next) => next() }] }),
  );
});
afterAll(async () => {
  await client.close();
  trace.disable();
  metrics.disable();
});

describe("OpenTelemetry without a context manager", () => {
  const parentOf = (name: string) => {
    const finished = spans.getFinishedSpans();
    const child = finished.find((s) => s.name === `execute_tool ${name}`)!;
    const request = finished.find((s) => s.name === `tools/call ${name}`)!;
    return {
      child: child.parentSpanContext?.spanId,
      request: request.spanContext().spanId,
      trace: [child.spanContext().traceId, request.spanContext().traceId],
    };
  };

  test("a request with middleware: its execution span is a child of the request's span, in the same trace", async () => {
    spans.reset();
    await client.call("ticket");
    const { child, request, trace: traces } = parentOf("ticket");
    expect(child).toBe(request);
    expect(traces[0]).toBe(traces[1]);
  });

  test("a tool with middleware of its own: the same", async () => {
    const own = await connect(createServer(new GuardedTools(), { name: "otel-bare-own", version: "0.0.1" }));
    try {
      spans.reset();
      await own.call("guarded", { text: "hello" });
      const { child, request } = parentOf("guarded");
      expect(child).toBe(request);
    } finally {
      await own.close();
    }
  });
});
