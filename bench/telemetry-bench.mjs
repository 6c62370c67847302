// `node bench/telemetry-bench.mjs [--quick] [--base DIR]`: what OpenTelemetry costs a typemcp
// server per call, over stdio with raw JSON-RPC. The calculator with no SDK registered (typemcp
// never loads @opentelemetry/api then) against the same calculator with the SDK registered
// (servers/otel-sdk.mjs, spans and metrics exported nowhere), and, given `--base DIR` (a checkout
// of the commit before tracing, built), that commit's calculator: the no-SDK row should match it
// within noise. Rounds alternate the servers; medians of server CPU per call (from /proc) and
// pipelined calls per second, and cold start to tools/list.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RpcProcess } from "./lib/rpc-process.mjs";
import { coldStart, throughput } from "./lib/scenarios.mjs";
import { median } from "./lib/stats.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const quick = process.argv.includes("--quick");
const baseAt = process.argv.indexOf("--base");
const base = baseAt === -1 ? undefined : path.resolve(process.argv[baseAt + 1]);
const ROUNDS = quick ? 3 : 7;
const CALLS = quick ? 3000 : 10000;
const STARTS = quick ? 3 : 5;
const CALC = here("../packages/calc-server/dist/calc.js");

const servers = [
  { label: "no SDK registered", command: [process.execPath, CALC] },
  { label: "SDK registered", command: [process.execPath, "--import", here("servers/otel-sdk.mjs"), CALC] },
];
if (base !== undefined) {
  const script = path.join(base, "packages/calc-server/dist/calc.js");
  if (!fs.existsSync(script)) throw new Error(`--base: no built calculator at ${script}`);
  servers.unshift({ label: "before tracing (base)", command: [process.execPath, script] });
}

const results = new Map(servers.map((s) => [s.label, { cpuUs: [], perSec: [], startMs: [] }]));
for (let round = 0; round < ROUNDS; round++) {
  const order = servers.map((_, i) => servers[(i + round) % servers.length]);
  for (const server of order) {
    const process_ = new RpcProcess(server.command);
    await process_.initialize();
    await throughput(process_, 500, 32); // warm-up: the JIT and the lazily loaded chunks
    const { cpuUsPerCall, callsPerSec } = await throughput(process_, CALLS, 32);
    await process_.stop();
    const row = results.get(server.label);
    row.cpuUs.push(cpuUsPerCall);
    row.perSec.push(callsPerSec);
    row.startMs.push((await coldStart(server.command, STARTS)).listMs);
  }
}

console.log(`Node ${process.version}, ${ROUNDS} rounds of ${CALLS} pipelined calls (32 in flight), ${STARTS} cold starts per round; medians`);
console.log("| server | CPU µs per call | calls/s | cold start to tools/list (ms) |");
console.log("|---|---|---|---|");
for (const [label, row] of results) {
  console.log(`| ${label} | ${median(row.cpuUs).toFixed(1)} | ${Math.round(median(row.perSec))} | ${median(row.startMs).toFixed(1)} |`);
}
