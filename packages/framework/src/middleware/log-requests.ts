import type { Middleware, RequestCall } from "../runtime/middleware.js";
import { requestIdOf } from "../runtime/request-call.js";
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
  // The default output builds its JSON line directly: no entry object, no Date per request.
  const log = (call: RequestCall, time: number, started: number, outcome: RequestOutcome, error?: unknown): void => {
    const target = requestTarget(call.method, call.params);
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    const message = error === undefined ? undefined : error instanceof Error ? error.message : String(error);
    if (write === undefined) {
      writeStderrLine(logLine(time, call, target, durationMs, outcome, message));
      return;
    }
    write({
      time: isoTime(time),
      method: call.method,
      ...(target === undefined ? {} : { target }),
      requestId: requestIdOf(call),
      client: call.client,
      protocolVersion: call.protocolVersion,
      durationMs,
      outcome,
      ...(message === undefined ? {} : { error: message }),
    });
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

// The same JSON as JSON.stringify of the entry, in the entry's key order; every string the
// client or the server chose goes through JSON.stringify, so it is escaped as there. The parts
// every request of one method and target (and of one client and era) share are made once.
function logLine(time: number, call: RequestCall, target: string | undefined, durationMs: number, outcome: RequestOutcome, error: string | undefined): string {
  const id = requestIdOf(call);
  return `{"time":"${isoTime(time)}${aboutPart(call.method, target)}${typeof id === "number" ? id : JSON.stringify(id)}${callerPart(call.client, call.protocolVersion)}${durationMs},"outcome":"${outcome}"${error === undefined ? "" : `,"error":${JSON.stringify(error)}`}}\n`;
}

// Past this many kept parts per key, a part is made per line: a target or a client is a name
// a client chooses.
const MAX_KEPT = 512;
const aboutParts = new Map<string, Map<string, string>>();
const untargeted = new Map<string, string>();
const callerParts = new Map<string, Map<string, string>>();

// `","method":…,"target":…,"requestId":`, kept by method, then by target (a request with none
// is kept apart, so no target name can stand for "none").
function aboutPart(method: string, target: string | undefined): string {
  let byTarget = aboutParts.get(method);
  if (byTarget === undefined) {
    byTarget = new Map();
    if (aboutParts.size < MAX_KEPT) aboutParts.set(method, byTarget);
  }
  const kept = target === undefined ? untargeted.get(method) : byTarget.get(target);
  if (kept !== undefined) return kept;
  const made = `","method":${JSON.stringify(method)}${target === undefined ? "" : `,"target":${JSON.stringify(target)}`},"requestId":`;
  if (target === undefined) {
    if (untargeted.size < MAX_KEPT) untargeted.set(method, made);
  } else if (byTarget.size < MAX_KEPT) byTarget.set(target, made);
  return made;
}

// `,"client":…,"protocolVersion":…,"durationMs":`
function callerPart(client: string, protocolVersion: string): string {
  let byVersion = callerParts.get(client);
  if (byVersion === undefined) {
    byVersion = new Map();
    if (callerParts.size < MAX_KEPT) callerParts.set(client, byVersion);
  }
  const known = byVersion.get(protocolVersion);
  if (known !== undefined) return known;
  const made = `,"client":${JSON.stringify(client)},"protocolVersion":${JSON.stringify(protocolVersion)},"durationMs":`;
  if (byVersion.size < MAX_KEPT) byVersion.set(protocolVersion, made);
  return made;
}

// `new Date(ms).toISOString()`, with the part up to the second made once per second.
let second = Number.NaN;
let secondText = "";
function isoTime(ms: number): string {
  const whole = Math.floor(ms / 1000);
  if (whole !== second) {
    second = whole;
    secondText = new Date(whole * 1000).toISOString().slice(0, 20);
  }
  const milli = ms - whole * 1000;
  return `${secondText}${milli < 10 ? "00" : milli < 100 ? "0" : ""}${milli}Z`;
}
