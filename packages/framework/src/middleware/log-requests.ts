import type { Middleware, RequestCall } from "../runtime/middleware/middleware.js";
import { requestIdOf } from "../runtime/middleware/request-call.js";
import { outcomeOf, requestTarget, type RequestOutcome } from "../runtime/calls/request-target.js";
import { type RequestLogEntry, type RequestLogFacts, requestLogEntry, writeRequestLogLine } from "./request-log-line.js";

export type { RequestLogEntry };

/** Options of {@link logRequests}. */
export interface LogRequestsOptions {
  /**
   * Receives each entry; by default it is written to stderr as one JSON line (stdout is the
   * protocol's in stdio mode), after the request's answer, lines gathered into one write once
   * 16 KiB wait or 50 ms after the first (so a line appears within 50 ms); lines still waiting
   * when the process exits are written on exit.
   */
  write?: (entry: RequestLogEntry) => void;
}

/**
 * Structured request logging: one entry per request (method, target, request id, client,
 * protocol version, duration, outcome), written as a JSON line to stderr unless `write` is given.
 * Arguments and results are never logged: they may hold what the log's readers should not see.
 *
 * @example
 * ```ts
 * serve(new Tools(), { name: "tools", version: "1.0.0", use: [logRequests()] });
 * // stderr: {"time":"…","method":"tools/call","target":"add","requestId":2,…,"outcome":"ok"}
 * ```
 */
export function logRequests(options: LogRequestsOptions = {}): Middleware {
  const { write } = options;
  const log = (call: RequestCall, time: number, started: number, outcome: RequestOutcome, error?: unknown): void => {
    const facts: RequestLogFacts = {
      time,
      method: call.method,
      target: requestTarget(call.method, call.params),
      requestId: requestIdOf(call),
      client: call.client,
      protocolVersion: call.protocolVersion,
      durationUs: Math.round((performance.now() - started) * 1000),
      outcome,
      error: error === undefined ? undefined : error instanceof Error ? error.message : String(error),
    };
    // The default output writes the JSON line's bytes directly: no entry object, no Date, no string.
    if (write === undefined) writeRequestLogLine(facts);
    else write(requestLogEntry(facts));
  };
  return {
    name: "logRequests",
    // No async function: one reaction on what is inside, instead of the promises of an async
    // function and its await (a few microtasks per request).
    onRequest(call, next) {
      const time = Date.now();
      const started = performance.now();
      return next().then(
        (result) => {
          log(call, time, started, outcomeOf(result, false));
          return result;
        },
        (error: unknown) => {
          log(call, time, started, "error", error);
          throw error;
        },
      );
    },
  };
}
