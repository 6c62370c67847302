// Registers the OpenTelemetry SDK in a server process before its entry runs, as an application
// would (`node --import ./otel-sdk.mjs server.js`): a tracer provider with a batch processor and
// a meter provider, both exporting nowhere, so what is measured is typemcp's instrumentation
// and the SDK's own work, not an exporter's network.
import { context, metrics, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { AggregationTemporality, MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";

const discard = { export: (_items, done) => done({ code: 0 }), shutdown: async () => {}, forceFlush: async () => {} };
trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter: discard })] }));
const reader = new PeriodicExportingMetricReader({
  exporter: { ...discard, selectAggregationTemporality: () => AggregationTemporality.CUMULATIVE },
  exportIntervalMillis: 1_000,
});
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
