// V8 pretenures an allocation site (makes its objects in old space from then on, for good) once
// a scavenge finds nearly all of the site's new objects alive. An OpenTelemetry batch span
// processor keeps every ended span until 512 have ended, so a scavenge that comes fewer than
// ~500 requests after the last one finds all the spans made since alive, and the SDK's span
// literals (attributes, links, events, span context, start and end times) are pretenured: each
// span then lives and dies in old space, holds its young parts alive through scavenges until the
// next full collection, and costs a full collection's work. Whether a scavenge comes that soon
// depends on what a request allocates: on Node 20 the calculator's 2026-07-28 HTTP calls (~16 KB
// each while the young generation is growing) crossed the line and its 2025-11-25 calls did not.
// Measured with bench/trace-gap.mjs (#52 item 7): six sites pretenured, 263 B a call moved to old
// space against 179 without any, on Node 24 86 against 34.

import { telemetryRegistered } from "../telemetry/otel-api.js";
import { mayTuneV8 } from "./v8-flags.js";

/**
 * While an OpenTelemetry SDK is registered, turns V8's allocation-site pretenuring off on Node
 * (unless the user passed `--[no-]allocation-site-pretenuring` themselves), so the spans a batch processor holds
 * stay in the young generation and die there.
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
