// V8 pretenures an allocation site (makes its objects in old space from then on, for good) once a
// scavenge finds nearly all of the site's new objects alive. An OpenTelemetry batch span processor
// keeps every ended span until 512 have ended, so a scavenge that comes fewer than ~500 requests
// after the last one finds all the spans made since alive, and the literals the SDK makes per span
// are pretenured (a sampled heap showed what startSpan, the span, its end time and its ids make, in
// old space): each span then lives and dies there, holds its young parts alive through scavenges
// until the next full collection, and costs a full collection's work. Whether a scavenge comes that
// soon depends on what a request allocates: on Node 20 the calculator's 2026-07-28 HTTP calls (~16
// KB each while the young generation is growing) crossed the line and its 2025-11-25 calls mostly
// did not.
// Measured on in-memory sockets (#52 item 7, bench/trace-gap.mjs's processes, 8 paired runs): on
// Node 20 six sites pretenured in every 2026-07-28 run, a traced call moved 261 B a call to old
// space against a plain one's 179 (179 with pretenuring off), and typemcp's share of a traced call
// (the floor server's traced − plain taken out) was 6.2 µs of CPU, 0.8 with it off; on Node 24 it
// happened in half the runs (~85 B against ~29).

import { telemetryRegistered } from "../telemetry/otel-api.js";
import { mayTuneV8 } from "./v8-flags.js";

/**
 * While an OpenTelemetry SDK is registered, turns V8's allocation-site pretenuring off on Node
 * (unless the user passed `--[no-]allocation-site-pretenuring` to `node`, which `NODE_OPTIONS`
 * does not allow), so the spans a batch processor holds stay in the young generation and die there.
 */
export function keepSpansYoung(): void {
  if (!telemetryRegistered() || !mayTuneV8(/allocation[-_]site[-_]pretenuring/)) return;
  import("node:v8")
    // `default`: what a bundle's stand-in for a built-in module exports (and Node's own too).
    .then(({ default: v8 }) => v8.setFlagsFromString("--no-allocation-site-pretenuring"))
    .catch(() => {
      // No node:v8 here: nothing to turn off.
    });
}
