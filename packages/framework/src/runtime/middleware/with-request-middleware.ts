import type { Context } from "../context.js";
import type { Middleware } from "./middleware.js";
import { ChainCall } from "./request-call.js";
import { requestChainOf } from "./request-chain-of.js";
import { runRequestChain } from "./run-middleware.js";
import type { ProtocolServer, RequestExtra } from "../sdk/sdk.js";
import { traceExecution, traceRequest } from "./trace-request.js";
import { loadOtelApi, telemetryRegistered } from "../../telemetry/otel-api.js";

type RequestHandler = Parameters<ProtocolServer["handle"]>[1];

/**
 * `protocol` with every handler registered through it wrapped in the request middleware of
 * `chain` and, while an OpenTelemetry SDK is registered, in a server span. With request
 * middleware the handlers also get `execute`, which runs their method in an execution span: the
 * gap between the two is the middleware's. With no request middleware and no SDK registered
 * when the session opened (most servers), `protocol` itself: nothing is added to any request's path.
 */
export function withRequestMiddleware(protocol: ProtocolServer, chain: readonly Middleware[], context: (extra: RequestExtra) => Context): ProtocolServer {
  const traced = telemetryRegistered();
  if (chain.length === 0 && !traced) return protocol;
  // Loaded now, so that requests find it loaded and await nothing for it.
  if (traced) void loadOtelApi().catch(() => undefined);
  const around = (method: string, params: Record<string, any>, extra: RequestExtra, handler: RequestHandler, methodChain: readonly Middleware[]) => {
    // Set on the request's own extra, not on a copy: a copy would read, and so make, what is made
    // only when read (the signal of a call served directly).
    if (traced) extra.execute = <T>(run: () => Promise<T>) => traceExecution(method, params, run, extra.traceContext);
    // Its context is made only if a middleware reads it.
    const call = new ChainCall(method, params, extra, context);
    return runRequestChain(methodChain, call, () => handler(params, extra));
  };
  // `protocol` with its own `handle` in front: everything else is read from `protocol` itself (its
  // methods live on its class, so a copy of its own fields would not have them).
  const wrapped: ProtocolServer = Object.create(protocol);
  wrapped.handle = (method, handler) => {
    // Made once per method, not per request.
    const methodChain = requestChainOf(method, chain);
    if (methodChain.length === 0 && !traced) {
      protocol.handle(method, handler);
      return;
    }
    const inChain: RequestHandler = (params, extra) => around(method, params, extra, handler, methodChain);
    protocol.handle(
      method,
      !traced
        ? inChain
        : // Traced without middleware, the registered handler itself runs in the span.
          (params, extra) => traceRequest(method, params, extra, methodChain.length === 0 ? handler : inChain),
    );
  };
  return wrapped;
}
