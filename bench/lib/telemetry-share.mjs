// What tracing and request logging cost a call, as #52 states the targets: typemcp's own share of
// a traced call, (traced − plain) − what the OpenTelemetry SDK costs per request by itself
// (bench/otel-floor.mjs, in the same run), and the ratio of logRequests() and timing() to the
// plain calculator. Used by `pnpm bench` (its targets) and by `node bench/run.mjs --only
// telemetry` (these rows alone, for quick iterations).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { median } from "./stats.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** The most typemcp's own work may add to a traced call, in µs (#52 item 7). */
export const SHARE_LIMIT_US = 1;

/**
 * What the OpenTelemetry SDK costs per request by itself on `node` (µs): bench/otel-floor.mjs,
 * a span made active and a histogram record with no MCP server around them.
 */
export function otelFloorUs(node, { quick = true } = {}) {
  const out = execFileSync(node, [here("../otel-floor.mjs"), ...(quick ? ["--quick"] : []), "--json"], { encoding: "utf8" });
  return JSON.parse(out).floorUs;
}

/**
 * typemcp's own share of a traced call: the median over paired rounds of (traced − plain), less
 * the SDK's own cost per request. `{ shareUs, addedUs, tracedUs, plainUs }`, all µs per call.
 */
export function tracingShare(traced, plain, floorUs) {
  const addedUs = median(traced.map((value, round) => value - plain[round]));
  return { shareUs: addedUs - floorUs, addedUs, tracedUs: median(traced), plainUs: median(plain) };
}

/**
 * The target row of item 7 for one transport (`where`: `stdio`, `HTTP 2025-11-25`, …), in the
 * `[label, value, limit, note]` form `pnpm bench` prints its targets in. With `server` (the
 * no-SDK floor server's CPU per call traced and plain in the same paired rounds: over stdio
 * servers/raw-jsonrpc-traced.mjs, over HTTP servers/raw-http-traced.mjs), the note also gives
 * what the same SDK work costs inside that server, with no typemcp in it, and what is left to
 * typemcp against it: per round, typemcp's (traced − plain) less the floor server's (traced −
 * plain) of the same round, and the median of those (a round's load lands on all four servers
 * within seconds, so the pairing cancels it; a difference of two medians would not).
 * Over HTTP both figures hold kernel time too (a loopback write runs the client's receive and
 * wake-up, which costs more the slower the server is: the floor server's SDK work, 3–7 µs alone,
 * measured 6–38 µs per call here) and GC that depends on each process's heap (each server is one
 * process for every round, so a process's GC pattern is not paired away); bench/trace-gap.mjs
 * measures the same four servers without the kernel, in fresh processes, GC threads apart.
 */
export function shareTarget(where, traced, plain, floorUs, server) {
  const share = tracingShare(traced, plain, floorUs);
  let inServer = "";
  if (server) {
    const floor = tracingShare(server.traced, server.plain, 0);
    const left = median(traced.map((value, round) => value - plain[round] - (server.traced[round] - server.plain[round])));
    inServer = `; the same SDK work in the no-SDK floor server costs ${floor.addedUs.toFixed(1)} µs per call, which leaves typemcp ${left.toFixed(1)} µs (median of paired rounds)`;
  }
  return [
    `${where}: typemcp's own share of a traced call ≤ ${SHARE_LIMIT_US} µs`,
    share.shareUs,
    SHARE_LIMIT_US,
    ` µs (traced ${share.tracedUs.toFixed(1)} − plain ${share.plainUs.toFixed(1)} µs per call, median of paired rounds ${share.addedUs.toFixed(1)}, less the OpenTelemetry SDK's own ${floorUs.toFixed(1)} µs per request${inServer})`,
  ];
}

/**
 * The no-SDK floor server plain, traced and writing logRequests()'s or timing()'s line by hand
 * (servers/raw-jsonrpc-traced.mjs), for the stdio CPU rounds: `[{ key, script, nodeArgs?, env? }]`.
 */
export function floorServers(otelArgs) {
  const script = here("../servers/raw-jsonrpc-traced.mjs");
  return [
    { key: "floorplain", label: "no SDK (floor), a promise per call", script },
    { key: "floortraced", label: "no SDK (floor), OpenTelemetry span", script, nodeArgs: otelArgs },
    { key: "floorlogged", label: "no SDK (floor), a request log line", script, env: { FLOOR_LOG: "1" } },
    { key: "floortimed", label: "no SDK (floor), a timing line", script, env: { FLOOR_LOG: "timing" } },
  ];
}

/**
 * What writing one line per call costs the no-SDK floor server (servers/floor-log.mjs), as a note
 * beside a logging target: its ratio to the same server without it, median of paired rounds.
 * `variant`: `logged` (logRequests()'s line) or `timed` (timing()'s); other variants have no note.
 */
export function logFloorNote(cpu, variant = "logged") {
  if (variant !== "logged" && variant !== "timed") return "";
  const logged = cpu[`floor${variant}`]?.cpuUs;
  const plain = cpu.floorplain?.cpuUs;
  if (!logged?.length || !plain?.length) return "";
  const ratio = median(logged.map((value, round) => value / plain[round]));
  return ` (the same line written by hand in the no-SDK floor server: ${ratio.toFixed(2)} × its plain call of ${median(plain).toFixed(1)} µs)`;
}

/**
 * The HTTP twin of `floorServers`: a bare node:http server plain and traced
 * (servers/raw-http-traced.mjs), for the HTTP CPU rounds: `[{ key, label, command }]`.
 */
export function floorHttpServers(node, otelArgs) {
  const script = here("../servers/raw-http-traced.mjs");
  return [
    { key: "floorhttpplain", label: "no SDK (floor), node:http, a promise per call", command: [node, script, "{port}"] },
    { key: "floorhttptraced", label: "no SDK (floor), node:http, OpenTelemetry span", command: [node, ...otelArgs, script, "{port}"] },
  ];
}

/** The HTTP floor servers' CPU per call in one era, as `shareTarget`'s `server`; undefined when they were not run. */
export function floorHttpOf(cpu, era) {
  const traced = cpu.floorhttptraced?.[era];
  const plain = cpu.floorhttpplain?.[era];
  return traced?.length && plain?.length ? { traced, plain } : undefined;
}
