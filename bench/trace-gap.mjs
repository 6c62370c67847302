// `node bench/trace-gap.mjs [--node PATH] [--era 2025-11-25|2026-07-28] [--reps N]`: where typemcp's
// share of a traced HTTP call goes, without the kernel. The HTTP rows of `--only telemetry`
// measure server CPU over real sockets, where a socket write also runs the client's side of
// loopback and its wake-up, which costs more the slower a server is: the traced floor server
// (servers/raw-http-traced.mjs) adds 9–38 µs per call there against the 3–7 µs the same SDK work
// costs alone (otel-floor.mjs). Here each of the four servers (typemcp's calculator and the floor
// server, each plain and with the SDK registered) is a fresh process driven through in-memory
// sockets (lib/in-memory-load.mjs), REPS times in turn, and each row gives, per call: the whole
// process's CPU, its main thread's alone (the rest is V8's helper threads: GC and compiling),
// scavenges, and bytes a scavenge moved to old space. Medians over the repetitions, then per
// repetition typemcp's (traced − plain) less the floor's (traced − plain).
//
// What it showed when written (2026-12-07, a shared 2-core machine at load 6–17, so read the
// medians, not single runs): the OpenTelemetry SDK allocates ~7 KB per request in either server
// (sampling heap profiler: typemcp traced − plain +7.1 KB, floor +6.7 KB; typemcp's own
// traceRequest ~0.6 KB of it, ~0.4 µs of self time). On Node 24 typemcp's (traced − plain) was no
// more than the floor's. On Node 20 a typemcp process, plain or traced, mostly fell into a mode
// where each call moved ~3.7 KB (traced ~4.8 KB) into old space, its whole request graph, so its
// GC threads cost 20–35 µs a call: two long-lived Sets of calls in flight
// (runtime/sdk/in-flight-list.ts says how), now lists; after that a plain call moved ~75 B
// and a traced one ~1 KB: the spans the batch processor holds for 512 requests, outliving their
// scavenges in the young generation serve() capped at 8 MB; uncapped while an SDK is registered
// (serve/young-generation.ts), a traced call moves ~80 B. Since then the ~75 B (a hidden class
// made per call by spreading a spread, runtime/sdk/with-fields.ts) and the traced extra (span
// literals pretenured, serve/span-pretenuring.ts) are gone too: ~3 B a call. Which mode a process lands in
// varied from run to run, and the paired HTTP rounds reuse one process per server for every
// round, so it could move item 7's HTTP row by tens of µs.
import { spawnSync } from "node:child_process";
import { median } from "./lib/stats.mjs";
import { traceGapRuns } from "./lib/trace-gap-runs.mjs";

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const node = arg("--node", process.execPath);
const era = arg("--era", "2025-11-25");
const reps = Number(arg("--reps", "5"));
const gap = traceGapRuns(node, era, reps);
const rows = gap.runs;

const fields = { cpuUs: "CPU µs", mainUs: "main thread µs", promotedB: "to old space B", oldAllocatedB: "made in old space B" };
console.log(`${node} (${spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim()}), ${era}, ${reps} fresh processes per server; per call, medians`);
for (const [name, runs] of Object.entries(rows)) {
  const cells = Object.entries(fields).map(([key, label]) => `${label} ${median(runs.map((r) => r[key])).toFixed(key.endsWith("B") ? 0 : 1)}`);
  console.log(`  ${name.padEnd(15)} ${cells.join("   ")}   (to old space per run: ${runs.map((r) => r.promotedB.toFixed(0)).join(" ")})`);
}
for (const key of ["cpuUs", "mainUs"]) {
  const typemcp = gap.added("typemcp", key);
  const floor = gap.added("floor", key);
  const left = gap.left(key);
  console.log(
    `  ${fields[key]}: typemcp traced − plain ${median(typemcp).toFixed(1)}, floor ${median(floor).toFixed(1)}, typemcp's left ${median(left).toFixed(1)} (per run: ${left.map((v) => v.toFixed(1)).join(" ")})`,
  );
}
