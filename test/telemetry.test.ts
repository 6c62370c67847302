import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectServer } from "typemcp/host";
import type { ServerConnection } from "typemcp/host";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";

// Built by test/global-setup.ts: SampleTools served with the OpenTelemetry SDK registered, which
// writes its finished spans to SPANS_FILE on exit.
const SERVER = fileURLToPath(new URL("./fixtures/dist/tc39/telemetry.js", import.meta.url));

interface ServerSpan {
  name: string;
  kind: SpanKind;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  status: { code: SpanStatusCode };
}

// The host side: this process, with the real SDK, its in-memory exporter and a context manager.
const exporter = new InMemorySpanExporter();
beforeAll(() => {
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
afterAll(() => {
  trace.disable();
  context.disable();
});

async function readSpans(file: string): Promise<ServerSpan[]> {
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return JSON.parse(fs.readFileSync(file, "utf8")) as ServerSpan[];
}

describe("OpenTelemetry from host to server", () => {
  test.each([
    { transport: "stdio", protocol: "2026-07-28" },
    { transport: "http", protocol: "2025-11-25" },
  ] as const)(
    "a host's client span is the parent of the server's span, which has no execution span without middleware, over $transport ($protocol)",
    async ({ transport, protocol }) => {
      exporter.reset();
      const spansFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-otel-")), "spans.json");
      let http: HttpServerProcess | undefined;
      let connection: ServerConnection | undefined;
      try {
        if (transport === "http") http = await startHttpServer(SERVER, [], { SPANS_FILE: spansFile });
        const spec =
          http === undefined
            ? ({ kind: "stdio", command: process.execPath, args: [SERVER], env: { SPANS_FILE: spansFile }, inheritEnv: true } as const)
            : ({ kind: "http", url: http.url } as const);
        connection = await connectServer(spec, { timeoutMs: 10_000, clientName: "otel-test", clientVersion: "0.0.1", protocol });
        const tracer = trace.getTracer("test");
        await tracer.startActiveSpan("user turn", async (turn) => {
          expect(await connection!.call("echo", { text: "hi" })).toMatchObject({ content: [{ type: "text", text: "hi" }] });
          expect(await connection!.call("refuse", {})).toMatchObject({ isError: true });
          turn.end();
        });
      } finally {
        await connection?.close();
        await http?.stop();
      }

      const host = exporter.getFinishedSpans();
      const turn = host.find((s) => s.name === "user turn")!;
      const client = host.find((s) => s.name === "tools/call echo")!;
      expect(client.kind).toBe(SpanKind.CLIENT);
      expect(client.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
      expect(client.attributes).toMatchObject({
        "mcp.method.name": "tools/call",
        "gen_ai.tool.name": "echo",
        "gen_ai.operation.name": "execute_tool",
        "mcp.protocol.version": protocol,
      });

      const spans = await readSpans(spansFile);
      const server = spans.find((s) => s.name === "tools/call echo")!;
      expect(server).toMatchObject({
        kind: SpanKind.SERVER,
        traceId: client.spanContext().traceId,
        parentSpanId: client.spanContext().spanId,
        attributes: {
          "mcp.method.name": "tools/call",
          "mcp.protocol.version": protocol,
          "gen_ai.tool.name": "echo",
          "gen_ai.operation.name": "execute_tool",
          "jsonrpc.request.id": expect.any(String),
        },
      });
      // A 2025-11-25 client over HTTP has a session; a stdio connection has none to name.
      if (protocol === "2025-11-25") expect(server.attributes["mcp.session.id"]).toEqual(expect.any(String));
      else expect(server.attributes).not.toHaveProperty("mcp.session.id");
      // No middleware runs around the tool: an execution span would cover the same work as the
      // request's, so none is made (the in-memory test has one under middleware).
      expect(spans.map((s) => s.name)).not.toContain("execute_tool echo");
      expect(spans.filter((s) => s.parentSpanId === server.spanId)).toEqual([]);

      // The host lists the tools as it connects: that request is traced the same way.
      const listed = host.find((s) => s.name === "tools/list")!;
      expect(listed.kind).toBe(SpanKind.CLIENT);
      expect(spans.find((s) => s.name === "tools/list")).toMatchObject({ traceId: listed.spanContext().traceId, parentSpanId: listed.spanContext().spanId });

      const refused = spans.find((s) => s.name === "tools/call refuse")!;
      expect(refused).toMatchObject({
        traceId: client.spanContext().traceId,
        attributes: { "error.type": "tool_error" },
        status: { code: SpanStatusCode.ERROR },
      });
      expect(host.find((s) => s.name === "tools/call refuse")?.attributes["error.type"]).toBe("tool_error");
    },
  );
});
