// timing()'s default line, `[typemcp] tools/call add: 3.2 ms (ok)`, written straight into
// stderr's batch: its head is encoded once per method and target, the duration written as digits.
import type { RequestOutcome } from "../runtime/calls/request-target.js";
import { KeptParts } from "./kept-parts.js";
import { bytesOf, stderrLines } from "./stderr-lines.js";

/** Queues the line for one measurement, the duration in tenths of a millisecond. */
export function writeTimingLine(method: string, target: string | undefined, durationMs: number, outcome: RequestOutcome): void {
  const head = heads.get(method, target);
  const scaled = durationMs * 10;
  const tenths = Math.round(scaled);
  // Math.round(ms * 10) is what toFixed(1) writes except where `ms * 10` lies within its rounding
  // error of a half (0.15 is just under, 0.15 * 10 is 1.5): those few, and durations past 10^8 ms
  // where that error grows, and anything not a duration, take toFixed's own way.
  const nearHalf = Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6;
  // 16 digits and the point for the duration, the tail's 17 bytes.
  if (!(scaled >= 0 && scaled < 1e9) || nearHalf || !stderrLines.lineRoom(head.length + 17 + 17)) {
    stderrLines.writeLine(`[typemcp] ${method}${target === undefined ? "" : ` ${target}`}: ${durationMs.toFixed(1)} ms (${outcome})\n`);
    return;
  }
  stderrLines.putBytes(head);
  const whole = Math.floor(tenths / 10);
  stderrLines.putDigits(whole);
  stderrLines.putBytes(POINT);
  stderrLines.putDigits(tenths - whole * 10);
  stderrLines.putBytes(TAILS[outcome]);
}

const POINT = bytesOf(".");
const TAILS = { ok: bytesOf(" ms (ok)\n"), tool_error: bytesOf(" ms (tool_error)\n"), error: bytesOf(" ms (error)\n") };

// `[typemcp] tools/call add: `
const heads = new KeptParts((method, target) => `[typemcp] ${method}${target === undefined ? "" : ` ${target}`}: `);
