import { loadOtelApi, SCOPE, telemetryRegistered, type OtelApi } from "./otel-api.js";
import { injectTraceContext } from "./trace-context.js";
import { endSpan, isToolErrorResult } from "./end-span.js";

/** What a client request is, for its span. */
export interface ClientRequest {
  method: string;
  /** The tool or prompt name; for `tools/call`, `gen_ai.tool.name`. */
  target?: string;
  /** The protocol revision the connection negotiated. */
  protocolVersion: string;
}

let duration: { provider: OtelApi.MeterProvider; histogram: OtelApi.Histogram } | undefined;

/**
 * Sends one request inside an OpenTelemetry client span (`tools/call get_forecast`, kind CLIENT,
 * the MCP semantic conventions' attributes), handing `send` the `_meta` that carries the span's
 * trace context (`traceparent`) to the server, and records `mcp.client.operation.duration`. With
 * no SDK registered, `send` gets no `_meta` and nothing else happens.
 */
export async function traceClientRequest<T>(request: ClientRequest, send: (meta: Record<string, unknown> | undefined) => Promise<T>): Promise<T> {
  if (!telemetryRegistered()) return send(undefined);
  const otel = await loadOtelApi();
  const attributes: OtelApi.Attributes = {
    "mcp.method.name": request.method,
    "mcp.protocol.version": request.protocolVersion,
    ...(request.method === "tools/call" ? { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": request.target } : {}),
  };
  const active = otel.context.active();
  const span = otel.trace
    .getTracer(SCOPE)
    .startSpan(request.target === undefined ? request.method : `${request.method} ${request.target}`, { kind: otel.SpanKind.CLIENT, attributes }, active);
  const inSpan = otel.trace.setSpan(active, span);
  const meta: Record<string, unknown> = {};
  injectTraceContext(otel, inSpan, meta);
  const started = performance.now();
  let errorType: string | undefined;
  try {
    const result = await otel.context.with(inSpan, () => send(meta));
    if (isToolErrorResult(result)) errorType = "tool_error";
    return result;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    errorType = typeof code === "number" ? String(code) : error instanceof Error ? error.name : "_OTHER";
    throw error;
  } finally {
    endSpan(otel, span, errorType);
    clientDuration(otel).record((performance.now() - started) / 1000, { ...attributes, ...(errorType === undefined ? {} : { "error.type": errorType }) });
  }
}

function clientDuration(otel: typeof OtelApi): OtelApi.Histogram {
  const provider = otel.metrics.getMeterProvider();
  if (duration?.provider !== provider) {
    const histogram = provider.getMeter(SCOPE).createHistogram("mcp.client.operation.duration", {
      unit: "s",
      description: "MCP request duration as observed on the client, from sending the request until its result or error arrives.",
    });
    duration = { provider, histogram };
  }
  return duration.histogram;
}
