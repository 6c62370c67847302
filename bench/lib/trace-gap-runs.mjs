// typemcp's calculator and the no-SDK floor server (servers/raw-http-traced.mjs), each plain and
// with an OpenTelemetry SDK registered, over HTTP without the kernel: each a fresh process that
// drives its own node:http server through in-memory sockets (in-memory-load.mjs), `reps` times in
// turn. Used by bench/trace-gap.mjs (the whole table) and by `pnpm bench` (#52 item 7's HTTP rows
// in memory). Over real sockets the server CPU of a traced call also holds the loopback's kernel
// work, which grows with how slow a server is (the traced floor server's SDK work, 3–7 µs alone,
// reads 6–38 µs there): what is left here is the processes' own work, GC threads included.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { median } from "./stats.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const OTEL = ["--import", here("../servers/otel-sdk.mjs")];
const LOAD = ["--import", here("in-memory-load.mjs")];
const CALC = [here("../../packages/calc-server/dist/calc.js"), "--http", "--stateless", "--port", "0"];
const FLOOR = [here("../servers/raw-http-traced.mjs"), "0"];
/** The four servers by name, each its `node` arguments. */
export const GAP_SERVERS = {
  "typemcp plain": [...LOAD, ...CALC],
  "typemcp traced": [...OTEL, ...LOAD, ...CALC],
  "floor plain": [...LOAD, ...FLOOR],
  "floor traced": [...OTEL, ...LOAD, ...FLOOR],
};

function measure(node, args, era) {
  const run = spawnSync(node, args, { encoding: "utf8", env: { ...process.env, GAP_ERA: era }, timeout: 300_000 });
  const line = /\[gap (.*)\]/.exec(run.stderr)?.[1];
  if (!line) throw new Error(`no measurement from ${args.join(" ")}: ${run.stderr.slice(-500)}`);
  return JSON.parse(line);
}

/**
 * `{ runs, added, left }`: `runs[name]`, one measurement per repetition (in-memory-load.mjs's
 * line: `cpuUs`, `mainUs`, `promotedB`, …); `added(server, key)`, per repetition, that server's
 * traced − plain (`server`: `typemcp` or `floor`, `key`: `cpuUs` or `mainUs`); `left(key)`, per
 * repetition, typemcp's traced − plain less the floor server's. Each repetition starts with
 * another server, so no one is always first after a pause.
 */
export function traceGapRuns(node, era, reps) {
  const names = Object.keys(GAP_SERVERS);
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  for (let rep = 0; rep < reps; rep++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + rep) % names.length];
      runs[name].push(measure(node, GAP_SERVERS[name], era));
    }
  }
  const added = (server, key) => runs[`${server} traced`].map((r, i) => r[key] - runs[`${server} plain`][i][key]);
  const left = (key) => {
    const floor = added("floor", key);
    return added("typemcp", key).map((value, i) => value - floor[i]);
  };
  return { runs, added, left };
}

/**
 * #52 item 7's HTTP row for one era measured in memory, in the `[label, value, limit, note]` form
 * `pnpm bench` prints its targets in: typemcp's (traced − plain) CPU per call, median of the
 * repetitions, less the SDK's own `floorUs`; the note gives the floor server's same figure (what
 * the formula leaves to a server with no typemcp in it) and typemcp's left against it.
 */
export function inMemoryShareTarget(era, gap, floorUs, limitUs) {
  const typemcp = median(gap.added("typemcp", "cpuUs"));
  const floor = median(gap.added("floor", "cpuUs"));
  const left = gap.left("cpuUs");
  const reps = left.length;
  return [
    `HTTP ${era}, in memory (no kernel, ${reps} fresh processes per server): typemcp's own share of a traced call ≤ ${limitUs} µs`,
    typemcp - floorUs,
    limitUs,
    ` µs (traced − plain ${typemcp.toFixed(1)} µs per call, less the OpenTelemetry SDK's own ${floorUs.toFixed(1)} µs per request; the no-SDK floor server's traced − plain ${floor.toFixed(1)} µs, ${(floor - floorUs).toFixed(1)} µs by the same formula; typemcp's less the floor server's, per repetition: median ${median(left).toFixed(1)} µs (${left.map((v) => v.toFixed(1)).join(" ")}))`,
  ];
}
