import type { Context } from "./context.js";
import type { Middleware } from "./middleware.js";
import { runRequestChain } from "./run-middleware.js";
import { ERA_VERSION, type ProtocolServer, type RequestExtra } from "./sdk.js";
import { traceRequest } from "./trace-request.js";
import { telemetryRegistered } from "../telemetry/otel-api.js";

/**
 * `protocol` with every handler registered through it wrapped in the request middleware of
 * `chain` and, while an OpenTelemetry SDK is registered, in a server span whose `execute` the
 * handlers run their method in. With no request middleware and no SDK registered when the
 * session opened (most servers), `protocol` itself: nothing is added to any request's path.
 */
export function withRequestMiddleware(protocol: ProtocolServer, chain: readonly Middleware[], context: (extra: RequestExtra) => Context): ProtocolServer {
  const traced = telemetryRegistered();
  if (chain.length === 0 && !traced) return protocol;
  const around = (method: string, params: Record<string, any>, extra: RequestExtra, handler: () => unknown) => {
    if (chain.length === 0) return handler();
    const call = {
      method,
      params,
      ctx: context(extra),
      client: extra.caller.key,
      caller: extra.caller,
      protocolVersion: ERA_VERSION[extra.era],
      sessionId: extra.sessionId,
    };
    return runRequestChain(chain, call, handler);
  };
  return {
    ...protocol,
    handle: (method, handler) =>
      protocol.handle(method, (params, extra) =>
        traced
          ? traceRequest(method, params, extra, (execute) => {
              const inSpan = { ...extra, execute };
              return around(method, params, inSpan, () => handler(params, inSpan));
            })
          : around(method, params, extra, () => handler(params, extra)),
      ),
  };
}
