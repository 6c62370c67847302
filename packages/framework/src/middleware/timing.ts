import type { Middleware } from "../runtime/middleware/middleware.js";
import { failsNothingOfItsOwn, passesToolCallsOn } from "../runtime/middleware/request-chain-of.js";
import { outcomeOf, requestTarget, type RequestOutcome } from "../runtime/calls/request-target.js";
import { writeTimingLine } from "./timing-line.js";

/** One measurement of {@link timing}. */
export interface Timing {
  method: string;
  /** The tool or prompt name, or the resource URI, when there is one. */
  target?: string;
  durationMs: number;
  outcome: RequestOutcome;
}

/** Options of {@link timing}. */
export interface TimingOptions {
  /**
   * Receives each measurement; by default a line such as `[typemcp] tools/call add: 3.2 ms` goes
   * to stderr, written as `logRequests()` writes its lines (in batches: within 50 ms, the rest on exit).
   */
  report?: (timing: Timing) => void;
}

/**
 * Measures how long each request takes and reports it. A tool call is timed around the tool
 * (inside any middleware outside this one), so at class or method scope it times just those tools.
 */
export function timing(options: TimingOptions = {}): Middleware {
  const { report } = options;
  const say = (method: string, target: string | undefined, started: number, outcome: RequestOutcome): void => {
    const durationMs = performance.now() - started;
    // The default line is written directly, without a Timing object per request.
    if (report === undefined) writeTimingLine(method, target, durationMs, outcome);
    else report({ method, ...(target === undefined ? {} : { target }), durationMs, outcome });
  };
  // One reaction on what is inside, no async function and its await: fewer promises per request.
  const timed = <T>(method: string, target: string | undefined, next: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    let pending: Promise<T>;
    try {
      pending = next();
    } catch (error) {
      say(method, target, started, "error");
      return Promise.reject(error);
    }
    return pending.then(
      (result) => {
        say(method, target, started, outcomeOf(result, false));
        return result;
      },
      (error: unknown) => {
        say(method, target, started, "error");
        throw error;
      },
    );
  };
  // A tool call is timed by onToolCall, once, however the middleware was scoped; the server
  // leaves timing() out of the request chain of tools/call, which its onRequest only passes on.
  const middleware = passesToolCallsOn({
    name: "timing",
    onRequest: (call, next) => (call.method === "tools/call" ? next() : timed(call.method, requestTarget(call.method, call.params), next)),
    onToolCall: (call, next) => timed("tools/call", call.tool, next),
  });
  // Its own line cannot fail a call; a `report` of the user's can, and is recovered from as any hook's throw.
  return report === undefined ? failsNothingOfItsOwn(middleware) : middleware;
}
