import type { Middleware } from "../runtime/middleware.js";
import { outcomeOf, requestTarget, type RequestOutcome } from "../runtime/request-target.js";
import { writeStderrLine } from "./stderr-lines.js";

/** One line of the request log. */
export interface RequestLogEntry {
  /** When the request arrived (ISO 8601). */
  time: string;
  method: string;
  /** The tool or prompt name, or the resource URI, when the request has one. */
  target?: string;
  requestId: string | number;
  /** Who called; see `RequestCall.client`. */
  client: string;
  protocolVersion: string;
  durationMs: number;
  outcome: RequestOutcome;
  /** The JSON-RPC error's message, when the outcome is `error`. */
  error?: string;
}

/** Options of {@link logRequests}. */
export interface LogRequestsOptions {
  /**
   * Receives each entry; by default it is written to stderr as one JSON line (stdout is the
   * protocol's in stdio mode), the lines of one event-loop turn in one write, after the request's
   * answer; lines still waiting when the process exits are written on exit.
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
  const write = options.write ?? ((entry: RequestLogEntry) => writeStderrLine(`${JSON.stringify(entry)}\n`));
  return {
    name: "logRequests",
    async onRequest(call, next) {
      const time = new Date();
      const started = performance.now();
      const target = requestTarget(call.method, call.params);
      const entry = (outcome: RequestOutcome, error?: unknown): RequestLogEntry => ({
        time: time.toISOString(),
        method: call.method,
        ...(target === undefined ? {} : { target }),
        requestId: call.ctx.requestId,
        client: call.client,
        protocolVersion: call.protocolVersion,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        outcome,
        ...(error === undefined ? {} : { error: error instanceof Error ? error.message : String(error) }),
      });
      try {
        const result = await next();
        write(entry(outcomeOf(result, false)));
        return result;
      } catch (error) {
        write(entry("error", error));
        throw error;
      }
    },
  };
}
