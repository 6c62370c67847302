// V8 grows its young generation (the semi-spaces new objects are made in) while a burst of
// requests keeps many objects alive across scavenges, doubling it up to 16 MB per semi-space,
// and never gives it back: a server's RSS then settles 25–40 MB above its idle figure. Capping
// it needs `--max-semi-space-size` at start (V8 ignores it later). What V8 does read later is
// `--semi-space-growth-factor`: set to 1 once start-up has grown the young generation to its
// working size, the generation stays there. Measured (bench/records/2026-12-04-round-4-issue-38.md,
// "Tracing, logging and memory"): RSS after 5,000 pipelined calls 1.57 → 1.16 × idle on Node 20 and 1.45 → 1.36 × on
// Node 24, with CPU per call no higher (0.90–0.93 ×: a young generation that fits the caches).
// Set from the start instead (1 MB semi-spaces), it cost ~20 % CPU per call: hence the wait.
// Not while an OpenTelemetry SDK is registered: its batch span processor keeps every span until
// 512 have ended, which in a capped young generation outlive two scavenges and are copied into
// old space with what they hold (700 B–1 KB a call): on Node 20 a traced stateless HTTP call,
// 16 in flight on in-memory sockets (bench/lib/in-memory-load.mjs), cost 66–75 µs of CPU capped
// and 52–61 µs uncapped in paired runs (#52 item 7; on Node 24 the runs did not tell them apart).

import { telemetryRegistered } from "../telemetry/otel-api.js";
import { mayTuneV8 } from "./v8-flags.js";

/** The young generation's size (both semi-spaces) at which it stops growing: what start-up reaches. */
const SETTLED_BYTES = 8 * 1024 * 1024;
/**
 * On Node, keeps V8's young generation from growing past the size start-up gave it, unless the
 * user chose a semi-space flag of their own (`--max-semi-space-size`,
 * `--semi-space-growth-factor` on the command line, `--max-semi-space-size` in `NODE_OPTIONS`):
 * theirs stands; nor while an OpenTelemetry SDK is registered (see above).
 */
export function keepYoungGeneration(): void {
  if (telemetryRegistered() || !mayTuneV8(/semi[-_]space/)) return;
  Promise.all([import("node:v8"), import("node:perf_hooks")])
    // `default`: what a bundle's stand-in for a built-in module exports (and Node's own too).
    .then(([{ default: v8 }, { default: perfHooks }]) => {
      const { PerformanceObserver } = perfHooks;
      const settled = (): boolean => {
        const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
        if (young === undefined) return true;
        if (young.space_size < SETTLED_BYTES) return false;
        v8.setFlagsFromString("--semi-space-growth-factor=1");
        return true;
      };
      if (settled()) return;
      // Looked at again after each garbage collection (a scavenge is where it grows) until it
      // has reached that size; then the observer goes.
      const observer = new PerformanceObserver(() => settled() && observer.disconnect());
      observer.observe({ entryTypes: ["gc"] });
    })
    .catch(() => {
      // No node:v8 here: nothing to keep.
    });
}
