/**
 * The one place typemcp reaches OpenTelemetry: `@opentelemetry/api`, loaded only once an
 * application has registered an SDK (a tracer or meter provider). A server with none never
 * loads the module and adds nothing to any request.
 */
import type * as OtelApi from "@opentelemetry/api";

export type { OtelApi };

// Where every copy of @opentelemetry/api 1.x keeps what the application registered
// (`trace.setGlobalTracerProvider`, `metrics.setGlobalMeterProvider`, an SDK's `start()`).
const GLOBAL_KEY = Symbol.for("opentelemetry.js.api.1");

/** Whether the application has registered an OpenTelemetry tracer or meter provider. */
export function telemetryRegistered(): boolean {
  const registered = (globalThis as Record<symbol, { trace?: unknown; metrics?: unknown } | undefined>)[GLOBAL_KEY];
  return registered !== undefined && (registered.trace !== undefined || registered.metrics !== undefined);
}

let loading: Promise<typeof OtelApi> | undefined;
let loaded: typeof OtelApi | undefined;

/** `@opentelemetry/api`, imported on first use. */
export function loadOtelApi(): Promise<typeof OtelApi> {
  return (loading ??= import("@opentelemetry/api").then((api) => (loaded = api)));
}

/** `@opentelemetry/api` once {@link loadOtelApi} has resolved, so a request need not await it; else undefined. */
export function loadedOtelApi(): typeof OtelApi | undefined {
  return loaded;
}

/** The instrumentation scope typemcp's spans and metrics carry. */
export const SCOPE = "typemcp";
