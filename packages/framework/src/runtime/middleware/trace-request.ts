import { ProtocolError } from "../../errors/protocol-error.js";
import { InputNeeded } from "../rounds/input-round.js";
import type { RequestExtra } from "../sdk/sdk.js";
import { requestTarget } from "../calls/request-target.js";
import { loadedOtelApi, loadOtelApi, SCOPE, type OtelApi } from "../../telemetry/otel-api.js";
import { extractTraceContext } from "../../telemetry/trace-context.js";
import { endSpan, isToolErrorResult } from "../../telemetry/end-span.js";

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
  /** The span's options: its kind and the attributes but for those of the request alone (its id, session, URI). */
  readonly options: OtelApi.SpanOptions;
  /** The duration's attributes when the request succeeded: a small fixed set (method, era, tool or prompt). */
  readonly ok: OtelApi.Attributes;
  /** The duration's attributes by `error.type`. */
  readonly failed: Map<string, OtelApi.Attributes>;
}

// Kept per era, method and target, so a call computes no names, keys or attribute sets of its
// own. A target is a name the client sends (an unknown tool's too): past this many per method,
// they are made per call.
const MAX_DESCRIBED = 512;
const described = { "2025-11-25": new Map<string, Map<string, Described>>(), "2026-07-28": new Map<string, Map<string, Described>>() };

function describe(otel: typeof OtelApi, method: string, target: string | undefined, era: RequestExtra["era"]): Described {
  // A URI is no low-cardinality target: resources are named by method alone, as the conventions advise.
  const named = method.startsWith("resources/") ? undefined : target;
  let byTarget = described[era].get(method);
  if (byTarget === undefined) described[era].set(method, (byTarget = new Map()));
  const known = byTarget.get(named ?? "");
  if (known) return known;
  const version = era;
  const about =
    method === "tools/call" ? { "gen_ai.tool.name": target } : method === "prompts/get" ? { "gen_ai.prompt.name": target } : ({} as OtelApi.Attributes);
  const made: Described = {
    name: named !== undefined ? `${method} ${named}` : method,
    options: {
      kind: otel.SpanKind.SERVER,
      attributes: {
        "mcp.method.name": method,
        "mcp.protocol.version": version,
        ...(method === "tools/call" ? { "gen_ai.operation.name": "execute_tool" } : {}),
        ...about,
      },
    },
    ok: { "mcp.method.name": method, "mcp.protocol.version": version, ...about },
    failed: new Map(),
  };
  if (byTarget.size < MAX_DESCRIBED) byTarget.set(named ?? "", made);
  return made;
}

function metricAttributes(of: Described, errorType: string | undefined): OtelApi.Attributes {
  if (errorType === undefined) return of.ok;
  const known = of.failed.get(errorType);
  if (known) return known;
  const made = { ...of.ok, "error.type": errorType };
  if (of.failed.size < 32) of.failed.set(errorType, made);
  return made;
}

/**
 * Serves one request inside an OpenTelemetry server span named and described as the MCP
 * semantic conventions say (`tools/call get_forecast`, `mcp.method.name`, `jsonrpc.request.id`,
 * `gen_ai.tool.name`, `error.type`, …), continuing the trace its `params._meta.traceparent`
 * carries, and records `mcp.server.operation.duration`. `serve(params, extra)` runs with the
 * request's span active; it gets `extra` as given (add `execute` to it for an execution span).
 * Once `@opentelemetry/api` has loaded (`loadOtelApi()`, started as a session opens), a
 * request awaits nothing before its own work.
 */
export function traceRequest<E extends RequestExtra>(
  method: string,
  params: Record<string, unknown>,
  extra: E,
  serve: (params: Record<string, unknown>, extra: E) => unknown,
): Promise<unknown> {
  const otel = loadedOtelApi();
  if (otel === undefined) return loadOtelApi().then(() => traceRequest(method, params, extra, serve));
  const request = describe(otel, method, requestTarget(method, params), extra.era);
  const parent = extractTraceContext(otel, extra.meta);
  // The options and attributes every request of this method, target and era shares are one
  // object, made once (the SDK copies the attributes into the span); the few of this request
  // alone are set on the span, not spread into a copy.
  const made = instrumentsOf(otel);
  const span = made.tracer.startSpan(request.name, request.options, parent);
  span.setAttribute("jsonrpc.request.id", String(extra.requestId));
  if (extra.sessionId !== undefined) span.setAttribute("mcp.session.id", extra.sessionId);
  if (typeof params.uri === "string") span.setAttribute("mcp.resource.uri", params.uri);
  const traced = new TracedRequest(otel, made.duration, method, request, span, otel.trace.setSpan(parent, span));
  // The span's context travels with the request too: without a context manager (a bare
  // TracerProvider, some Workers setups) `context.with` carries nothing to the spans made inside.
  // Set on the request's own extra, not a copy: a copy would read, and so make, what is made only
  // when read (the signal of a call served directly).
  extra.traceContext = traced.context;
  let result: unknown;
  try {
    result = otel.context.with(traced.context, serve, undefined, params, extra);
  } catch (error) {
    // `failed` ends the span and rethrows: here, as the rejection this function promises.
    return Promise.reject(error).catch(traced.failed);
  }
  // One reaction on the handler's promise (each promise is also one more for a context
  // manager's hooks to track), where an async function here would add its own and an await's.
  return Promise.resolve(result).then(traced.succeeded, traced.failed);
}

/** One request's span until it ends; its two methods are the reactions to the handler's outcome. */
class TracedRequest {
  private readonly started = performance.now();
  constructor(
    private readonly otel: typeof OtelApi,
    // The histogram of the provider the request started under: looked up once per request.
    private readonly duration: OtelApi.Histogram,
    private readonly method: string,
    private readonly request: Described,
    private readonly span: OtelApi.Span,
    readonly context: OtelApi.Context,
  ) {}

  readonly succeeded = (result: unknown): unknown => {
    this.end(this.method === "tools/call" && isToolErrorResult(result) ? "tool_error" : undefined);
    return result;
  };

  readonly failed = (error: unknown): never => {
    const errorType = errorTypeOf(error);
    if (errorType !== undefined && error instanceof ProtocolError) this.span.setAttribute("rpc.response.status_code", String(error.jsonRpcCode));
    this.end(errorType);
    throw error;
  };

  private end(errorType: string | undefined): void {
    endSpan(this.otel, this.span, errorType);
    this.duration.record((performance.now() - this.started) / 1000, metricAttributes(this.request, errorType), this.context);
  }
}

/**
 * Runs `run`, the tool, prompt or resource method of a request being traced, in a child span
 * of the request's (`parent`, its `traceContext`, else the active context). Used only where middleware runs around the method: the
 * gap between the two spans is then the middleware's. Without middleware the two spans
 * would cover the same work, so none is made.
 */
export function traceExecution<T>(method: string, params: Record<string, unknown>, run: () => Promise<T>, parent?: unknown): Promise<T> {
  const otel = loadedOtelApi();
  const operation = EXECUTIONS[method];
  if (otel === undefined || operation === undefined) return run();
  return executeInSpan(otel, instrumentsOf(otel).tracer, method, operation, requestTarget(method, params), run, parent as OtelApi.Context | undefined);
}

const EXECUTIONS: Record<string, string> = { "tools/call": "execute_tool", "prompts/get": "get_prompt", "resources/read": "read_resource" };

async function executeInSpan<T>(
  otel: typeof OtelApi,
  tracer: OtelApi.Tracer,
  method: string,
  operation: string,
  target: string | undefined,
  run: () => Promise<T>,
  requestContext: OtelApi.Context | undefined,
): Promise<T> {
  const parent = requestContext ?? otel.context.active();
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
    if (method === "tools/call" && isToolErrorResult(result)) errorType = "tool_error";
    return result;
  } catch (error) {
    errorType = errorTypeOf(error);
    throw error;
  } finally {
    endSpan(otel, span, errorType);
  }
}

// A JSON-RPC error's code, as the conventions ask; a 2026 question for the client is no error.
function errorTypeOf(error: unknown): string | undefined {
  if (error instanceof InputNeeded) return undefined;
  if (error instanceof ProtocolError) return String(error.jsonRpcCode);
  return error instanceof Error ? error.name : "_OTHER";
}
