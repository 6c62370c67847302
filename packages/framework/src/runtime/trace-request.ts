import { ProtocolError } from "../errors/protocol-error.js";
import { InputNeeded } from "./input-round.js";
import { ERA_VERSION, type RequestExtra } from "./sdk.js";
import { requestTarget } from "./request-target.js";
import { loadOtelApi, SCOPE, type OtelApi } from "../telemetry/otel-api.js";
import { extractTraceContext } from "../telemetry/trace-context.js";
import { endSpan, isToolErrorResult } from "../telemetry/end-span.js";

/** Runs what a request executes (the tool, prompt or resource method) in a span of its own. */
export type Execute = <T>(run: () => Promise<T>) => Promise<T>;

// Bucket boundaries the MCP semantic conventions advise for operation durations, in seconds.
const BOUNDARIES = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

interface Instruments {
  tracer: OtelApi.Tracer;
  duration: OtelApi.Histogram;
}
// Per meter provider: the metrics API hands out no proxy, so a histogram made before the
// application registered its provider would record nowhere.
let instruments: { provider: OtelApi.MeterProvider; made: Instruments } | undefined;

function instrumentsOf(otel: typeof OtelApi): Instruments {
  const provider = otel.metrics.getMeterProvider();
  if (instruments?.provider !== provider) {
    const duration = provider.getMeter(SCOPE).createHistogram("mcp.server.operation.duration", {
      unit: "s",
      description: "MCP request duration as observed on the server, from receiving the request until its result or error is sent.",
      advice: { explicitBucketBoundaries: BOUNDARIES },
    });
    instruments = { provider, made: { tracer: otel.trace.getTracer(SCOPE), duration } };
  }
  return instruments.made;
}

/** What every request of one method, target and era is named and described by, made once. */
interface Described {
  /** The span's name. */
  readonly name: string;
  /** The attributes the span and the duration share. */
  readonly common: OtelApi.Attributes;
  /** The duration's attributes, by `error.type` ("" when the request succeeded). */
  readonly metric: Map<string, OtelApi.Attributes>;
}

// Kept per method, target and era, so a call computes no names or attribute sets of its own. A
// target is a name the client sends (an unknown tool's too): past this many, they are made per call.
const MAX_DESCRIBED = 512;
const described = new Map<string, Described>();

function describe(method: string, target: string | undefined, era: RequestExtra["era"]): Described {
  // A URI is no low-cardinality target: resources are named by method alone, as the conventions advise.
  const named = method.startsWith("resources/") ? undefined : target;
  const key = `${method}\n${era}\n${named ?? ""}`;
  const known = described.get(key);
  if (known) return known;
  const made: Described = {
    name: named !== undefined ? `${method} ${named}` : method,
    common: {
      "mcp.method.name": method,
      "mcp.protocol.version": ERA_VERSION[era],
      ...(method === "tools/call" ? { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": target } : {}),
      ...(method === "prompts/get" ? { "gen_ai.prompt.name": target } : {}),
    },
    metric: new Map(),
  };
  if (described.size < MAX_DESCRIBED) described.set(key, made);
  return made;
}

function metricAttributes(of: Described, errorType: string | undefined): OtelApi.Attributes {
  const key = errorType ?? "";
  const known = of.metric.get(key);
  if (known) return known;
  const made = errorType === undefined ? of.common : { ...of.common, "error.type": errorType };
  if (of.metric.size < 32) of.metric.set(key, made);
  return made;
}

/**
 * Serves one request inside an OpenTelemetry server span named and described as the MCP
 * semantic conventions say (`tools/call get_forecast`, `mcp.method.name`, `jsonrpc.request.id`,
 * `gen_ai.tool.name`, `error.type`, …), continuing the trace its `params._meta.traceparent`
 * carries, and records `mcp.server.operation.duration`. `body` gets `execute`, which runs the
 * tool, prompt or resource method in a child span.
 */
export async function traceRequest(
  method: string,
  params: Record<string, unknown>,
  extra: RequestExtra,
  body: (execute: Execute) => unknown,
): Promise<unknown> {
  const otel = await loadOtelApi();
  const { tracer, duration } = instrumentsOf(otel);
  const target = requestTarget(method, params);
  const request = describe(method, target, extra.era);
  const parent = extractTraceContext(otel, extra.meta);
  const span = tracer.startSpan(
    request.name,
    {
      kind: otel.SpanKind.SERVER,
      attributes: {
        ...request.common,
        "jsonrpc.request.id": String(extra.requestId),
        ...(extra.sessionId === undefined ? {} : { "mcp.session.id": extra.sessionId }),
        ...(typeof params.uri === "string" ? { "mcp.resource.uri": params.uri } : {}),
      },
    },
    parent,
  );
  const inSpan = otel.trace.setSpan(parent, span);
  const execute: Execute = (run) => traceExecution(otel, tracer, method, target, inSpan, run);
  const started = performance.now();
  let errorType: string | undefined;
  try {
    const result = await otel.context.with(inSpan, () => body(execute));
    if (isToolError(method, result)) errorType = "tool_error";
    return result;
  } catch (error) {
    errorType = errorTypeOf(error);
    if (errorType !== undefined && error instanceof ProtocolError) span.setAttribute("rpc.response.status_code", String(error.jsonRpcCode));
    throw error;
  } finally {
    endSpan(otel, span, errorType);
    duration.record((performance.now() - started) / 1000, metricAttributes(request, errorType));
  }
}

const EXECUTIONS: Record<string, string> = { "tools/call": "execute_tool", "prompts/get": "get_prompt", "resources/read": "read_resource" };

// The method itself (for a tool, with its argument checks), in a child span: what the request
// spent outside it (middleware, the SDK) shows as the gap between the two.
async function traceExecution<T>(
  otel: typeof OtelApi,
  tracer: OtelApi.Tracer,
  method: string,
  target: string | undefined,
  parent: OtelApi.Context,
  run: () => Promise<T>,
): Promise<T> {
  const operation = EXECUTIONS[method];
  if (operation === undefined) return run();
  const span = tracer.startSpan(
    method === "resources/read" || target === undefined ? operation : `${operation} ${target}`,
    {
      kind: otel.SpanKind.INTERNAL,
      attributes: {
        "gen_ai.operation.name": operation,
        ...(method === "tools/call" ? { "gen_ai.tool.name": target } : method === "prompts/get" ? { "gen_ai.prompt.name": target } : {}),
        ...(method === "resources/read" && target !== undefined ? { "mcp.resource.uri": target } : {}),
      },
    },
    parent,
  );
  let errorType: string | undefined;
  try {
    const result = await otel.context.with(otel.trace.setSpan(parent, span), run);
    if (isToolError(method, result)) errorType = "tool_error";
    return result;
  } catch (error) {
    errorType = errorTypeOf(error);
    throw error;
  } finally {
    endSpan(otel, span, errorType);
  }
}

function isToolError(method: string, result: unknown): boolean {
  return method === "tools/call" && isToolErrorResult(result);
}

// A JSON-RPC error's code, as the conventions ask; a 2026 question for the client is no error.
function errorTypeOf(error: unknown): string | undefined {
  if (error instanceof InputNeeded) return undefined;
  if (error instanceof ProtocolError) return String(error.jsonRpcCode);
  return error instanceof Error ? error.name : "_OTHER";
}
