// logRequests()'s default line: the JSON of its entry, written straight into stderr's batch as
// UTF-8. The parts every request of one method and target (and of one client and era) share are
// encoded once and kept; the numbers are written as digits; only a string request id and an error
// message are encoded per line. The bytes are exactly JSON.stringify(entry) and a newline.
import type { RequestOutcome } from "../runtime/calls/request-target.js";
import { KeptParts } from "./kept-parts.js";
import { bytesOf, stderrLines } from "./stderr-lines.js";

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

/** What one line says; `durationUs` is the duration in whole microseconds. */
export interface RequestLogFacts {
  time: number;
  method: string;
  target: string | undefined;
  requestId: string | number;
  client: string;
  protocolVersion: string;
  durationUs: number;
  outcome: RequestLogEntry["outcome"];
  error: string | undefined;
}

/** The entry `facts` describe, in its documented key order. */
export function requestLogEntry(facts: RequestLogFacts): RequestLogEntry {
  return {
    time: isoTime(facts.time),
    method: facts.method,
    ...(facts.target === undefined ? {} : { target: facts.target }),
    requestId: facts.requestId,
    client: facts.client,
    protocolVersion: facts.protocolVersion,
    durationMs: facts.durationUs / 1000,
    outcome: facts.outcome,
    ...(facts.error === undefined ? {} : { error: facts.error }),
  };
}

/** Queues the JSON line of `facts` for stderr. */
export function writeRequestLogLine(facts: RequestLogFacts): void {
  const about = aboutParts.get(facts.method, facts.target);
  const caller = callerParts.get(facts.client, facts.protocolVersion);
  const id = facts.requestId;
  const idText = typeof id === "number" && Number.isSafeInteger(id) && id >= 0 ? undefined : JSON.stringify(id);
  const errorText = facts.error === undefined ? undefined : JSON.stringify(facts.error);
  // At most: the time (32 bytes), the kept parts, three bytes per UTF-16 unit of the encoded
  // strings, 16 digits for a safe integer and 17 for the duration, and the outcome's keys (34).
  const most =
    32 + about.length + caller.length + (idText === undefined ? 16 : idText.length * 3) + 17 + 34 + (errorText === undefined ? 0 : errorText.length * 3);
  // A duration written as digits is exact up to 2^42 µs (51 days); past it, or not a duration at
  // all, or a time that is not Date.now()'s whole milliseconds, the string way says what
  // JSON.stringify says.
  if (!(isWholeMs(facts.time) && Number.isInteger(facts.durationUs) && facts.durationUs >= 0 && facts.durationUs <= 2 ** 42) || !stderrLines.lineRoom(most)) {
    stderrLines.writeLine(`${JSON.stringify(requestLogEntry(facts))}\n`);
    return;
  }
  stderrLines.putBytes(timeHead(facts.time));
  stderrLines.putThreeDigits(facts.time % 1000);
  stderrLines.putBytes(about);
  if (idText === undefined) stderrLines.putDigits(id as number);
  else stderrLines.putText(idText);
  stderrLines.putBytes(caller);
  stderrLines.putThousandths(facts.durationUs);
  if (errorText === undefined) stderrLines.putBytes(OUTCOME_ENDS[facts.outcome]);
  else {
    stderrLines.putBytes(OUTCOME_BEFORE_ERROR[facts.outcome]);
    stderrLines.putText(errorText);
    stderrLines.putBytes(LINE_END);
  }
}

const LINE_END = bytesOf("}\n");
const OUTCOME_ENDS = {
  ok: bytesOf(`,"outcome":"ok"}\n`),
  tool_error: bytesOf(`,"outcome":"tool_error"}\n`),
  error: bytesOf(`,"outcome":"error"}\n`),
};
const OUTCOME_BEFORE_ERROR = {
  ok: bytesOf(`,"outcome":"ok","error":`),
  tool_error: bytesOf(`,"outcome":"tool_error","error":`),
  error: bytesOf(`,"outcome":"error","error":`),
};

// `2026-12-04T17:35:48.` and `{"time":"2026-12-04T17:35:48.`: made once per second (Date.now()
// is whole milliseconds and the time in a log only moves forward, so the last second is nearly
// always the one wanted).
let second = Number.NaN;
let secondText = "";
let secondHead = bytesOf("");
function keepSecond(ms: number): void {
  const whole = Math.floor(ms / 1000);
  if (whole === second) return;
  second = whole;
  secondText = new Date(whole * 1000).toISOString().slice(0, -4);
  secondHead = bytesOf(`{"time":"${secondText}`);
}

function timeHead(ms: number): Uint8Array {
  keepSecond(ms);
  return secondHead;
}

// `new Date(ms).toISOString()` for the whole milliseconds since 1970 that Date.now() gives,
// without a Date per request.
function isoTime(ms: number): string {
  if (!isWholeMs(ms)) return new Date(ms).toISOString();
  keepSecond(ms);
  const milli = ms - second * 1000;
  return `${secondText}${milli < 10 ? "00" : milli < 100 ? "0" : ""}${milli}Z`;
}

function isWholeMs(ms: number): boolean {
  return Number.isSafeInteger(ms) && ms >= 0;
}

// `Z","method":…,"target":…,"requestId":`
const aboutParts = new KeptParts(
  (method, target) => `Z","method":${JSON.stringify(method)}${target === undefined ? "" : `,"target":${JSON.stringify(target)}`},"requestId":`,
);
// `,"client":…,"protocolVersion":…,"durationMs":`
const callerParts = new KeptParts(
  (client, protocolVersion) => `,"client":${JSON.stringify(client)},"protocolVersion":${JSON.stringify(protocolVersion)},"durationMs":`,
);
