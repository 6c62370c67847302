import type { OtelApi } from "./otel-api.js";

type Carrier = Record<string, unknown>;

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

// How a propagator reads `_meta`: one object for every request.
const META_GETTER: OtelApi.TextMapGetter<Carrier> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => (typeof carrier[key] === "string" ? (carrier[key] as string) : undefined),
};

/**
 * The trace context a request's `params._meta` carries (`traceparent`, `tracestate`, as the MCP
 * semantic conventions propagate it): through the application's propagator, else read as W3C
 * Trace Context, so a client's trace continues even where no propagator was registered. Without
 * one, the span active when the request arrived (an HTTP server span, say) is the parent.
 */
export function extractTraceContext(otel: typeof OtelApi, meta: Carrier | undefined): OtelApi.Context {
  const active = otel.context.active();
  if (meta === undefined) return active;
  const extracted = otel.propagation.extract(active, meta, META_GETTER);
  if (otel.trace.getSpanContext(extracted) !== otel.trace.getSpanContext(active)) return extracted;
  const match = typeof meta.traceparent === "string" ? TRACEPARENT.exec(meta.traceparent) : null;
  if (!match || match[1] === "ff" || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!)) return active;
  return otel.trace.setSpanContext(active, { traceId: match[2]!, spanId: match[3]!, traceFlags: Number.parseInt(match[4]!, 16), isRemote: true });
}

/**
 * Writes the trace context of `context` into a request's `_meta`: through the application's
 * propagator, and `traceparent` in W3C form whatever it is, so a server can continue the trace.
 */
export function injectTraceContext(otel: typeof OtelApi, context: OtelApi.Context, meta: Carrier): void {
  otel.propagation.inject(context, meta, { set: (carrier, key, value) => (carrier[key] = value) });
  const span = otel.trace.getSpanContext(context);
  if (span && otel.isSpanContextValid(span)) meta.traceparent = `00-${span.traceId}-${span.spanId}-${span.traceFlags.toString(16).padStart(2, "0")}`;
}
