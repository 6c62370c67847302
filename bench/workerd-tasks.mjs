// Task creations per second on Workers with MCP_STATE (issue #49, item 4): the Workers build of
// the Durable Object tests' server under workerd from npm, two isolates on one set of objects
// (in memory), creations spread over 1, 10 and 100 owners (API keys: the owner is `key:<name>`),
// alternating between the isolates. Every creation is a 2025-11-25 `tools/call` of `slow` with
// `ms: 0` made a task, without a session: its state goes to the task store and its run to an
// object of its own, which finishes it at once. Task caps are raised out of the way (bindings
// below), so what is measured is how fast the deployment creates tasks, not where it refuses.
//
// Build the fixture first:
//   node packages/framework/bin/typemcp.js build --project test/fixtures/tsconfig.workers.json --target workers --entry test/fixtures/src/workers-state.ts
// Then: node bench/workerd-tasks.mjs [WORKERD_BIN] [--creations N] [--concurrency C] [--rounds R] [--bundle FILE] [--against FILE]
//   (WORKERD_BIN: default, the binary the end-to-end tests install, workerd@1.20261117.1 under the OS temp folder.)
// Prints one row per number of owners: creations/s (median of R rounds, each N creations with C
// in flight, on a fresh workerd after a warm-up creation per owner), latency p50/p90, failures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median, quantile } from "./lib/stats.mjs";
import { startWorkerdState } from "./lib/workerd-state.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at === -1 ? fallback : argv[at + 1];
};
const CREATIONS = Number(option("--creations", 400));
const CONCURRENCY = Number(option("--concurrency", 32));
const ROUNDS = Number(option("--rounds", 3));
const OWNER_COUNTS = [1, 10, 100];
const WORKERD =
  argv.find((a, i) => !a.startsWith("--") && !argv[i - 1]?.startsWith("--")) ??
  path.join(os.tmpdir(), "typemcp-tools-deno_2_9_6-bun_1_4_4-workerd_1_20261117_1/node_modules/.bin/workerd");
// --bundle: another build of the same entry (a copy made at an earlier commit, to compare).
const BUNDLE = option("--bundle", path.join(root, "test/fixtures/dist/workers/workers-state.workers.js"));
// --against: a second build measured in the same rounds (e.g. one made before a change).
const AGAINST = option("--against", undefined);
for (const [what, file] of [
  ["workerd", WORKERD],
  ["the Workers bundle (see the top of this file)", BUNDLE],
  ...(AGAINST ? [["the --against bundle", AGAINST]] : []),
])
  if (!fs.existsSync(file)) throw new Error(`No ${what} at ${file}`);

const KEYS = Array.from({ length: Math.max(...OWNER_COUNTS) }, (_, i) => ({
  name: `owner-${i}`,
  key: `workerd-tasks-bench-key-${String(i).padStart(3, "0")}-0123456789`,
}));
const BINDINGS = {
  MCP_API_KEYS: JSON.stringify(KEYS),
  MCP_MAX_TASKS: "10000000",
  MCP_MAX_TASKS_PER_OWNER: "10000000",
  MCP_MAX_TASK_BYTES: String(2 ** 40),
  MCP_MAX_TASK_BYTES_PER_OWNER: String(2 ** 40),
};

/** One task creation as `owner` through `url`; resolves to its latency in ms, or throws saying what came back. */
async function create(url, owner) {
  const started = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${KEYS[owner].key}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "slow", arguments: { ms: 0 }, task: { ttl: 60_000 } } }),
  });
  const text = await res.text();
  const data = [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]));
  const message = data.length ? data.at(-1) : JSON.parse(text);
  if (!message.result?.task?.taskId) throw new Error(`no task created: ${res.status} ${text.slice(0, 300)}`);
  return performance.now() - started;
}

/** `total` creations over `owners` owners, `CONCURRENCY` in flight, alternating isolates; the rate and the latencies. */
async function burst(urls, owners, total) {
  let next = 0;
  const latencies = [];
  const failures = [];
  const lane = async () => {
    while (next < total) {
      const i = next++;
      await create(urls[i % 2], i % owners).then(
        (ms) => latencies.push(ms),
        (error) => failures.push(error.message),
      );
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const seconds = (performance.now() - started) / 1000;
  return { rate: latencies.length / seconds, latencies, failures };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
console.log(`workerd-tasks: ${new Date().toISOString()}, load ${load()}, ${CREATIONS} creations × ${ROUNDS} rounds per row, ${CONCURRENCY} in flight`);
// With --against, each round measures both builds, in alternating order, so that both see the same load.
const builds = AGAINST
  ? [
      ["this", BUNDLE],
      ["against", AGAINST],
    ]
  : [["this", BUNDLE]];
const rows = [];
for (const owners of OWNER_COUNTS) {
  const runs = new Map(builds.map(([name]) => [name, { rates: [], latencies: [], failures: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, bundle] of round % 2 ? [...builds].reverse() : builds) {
      const server = await startWorkerdState(WORKERD, bundle, BINDINGS);
      try {
        // Every owner's objects exist and both isolates have loaded the bundle before the clock starts.
        await burst(server.urls, owners, Math.max(owners, 50));
        const measured = await burst(server.urls, owners, CREATIONS);
        const run = runs.get(name);
        run.rates.push(measured.rate);
        run.latencies.push(...measured.latencies);
        run.failures.push(...measured.failures);
      } finally {
        server.stop();
      }
    }
  }
  for (const [name, run] of runs)
    rows.push({ name, owners, rate: median(run.rates), p50: quantile(run.latencies, 0.5), p90: quantile(run.latencies, 0.9), failures: run.failures });
}

console.log(`\nthis: ${BUNDLE}${AGAINST ? `\nagainst: ${AGAINST}` : ""}`);
console.log("\n| build | owners | creations/s (median) | latency p50 ms | latency p90 ms | failed |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.name} | ${r.owners} | ${r.rate.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.failures.length} |`);
for (const r of rows) if (r.failures.length) console.log(`${r.name}, ${r.owners} owners, first failure: ${r.failures[0]}`);
console.log(`\nload at the end ${load()}`);
