// `pnpm bench`: typemcp's calculator against the same calculator hand-written on the SDK's
// McpServer + zod, on the SDK's low-level Server, and with no SDK at all, in one run, in
// alternating order. Prints medians and the ratios the targets in README.md are stated in.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { RpcProcess } from "./lib/rpc-process.mjs";
import { coldStart, latency, survivesBadInput, throughput } from "./lib/scenarios.mjs";
import { median } from "./lib/stats.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const quick = process.argv.includes("--quick");
const ROUNDS = quick ? 1 : 3;
const COLD_RUNS = quick ? 5 : 10; // per round
const LATENCY_CALLS = quick ? 300 : 2000;
const PIPELINED_CALLS = quick ? 3000 : 20000;
const CONCURRENCY = 32;

const node = process.execPath;
const SERVERS = [
  { key: "typemcp", label: "typemcp calc", command: [node, here("../packages/calc-server/dist/calc.js")] },
  { key: "mcpserver", label: "SDK McpServer + zod", command: [node, here("servers/sdk-mcpserver-calc.mjs")] },
  { key: "lowlevel", label: "SDK low-level Server", command: [node, here("servers/sdk-lowlevel-calc.mjs")] },
  { key: "floor", label: "no SDK (floor)", command: [node, here("servers/raw-jsonrpc-calc.mjs")] },
];
const EXTRA_STARTS = [
  { key: "towns", label: "typemcp towns", path: "../packages/towns-server/dist/towns.js" },
  { key: "weather", label: "typemcp weather", path: "../packages/weather-server/dist/weather.js" },
].filter((s) => fs.existsSync(here(s.path)));

const samples = Object.fromEntries([...SERVERS, ...EXTRA_STARTS].map((s) => [s.key, []]));

console.error(`typemcp bench: ${ROUNDS} round(s), ${COLD_RUNS} cold starts per server per round, ${LATENCY_CALLS} sequential and ${PIPELINED_CALLS} pipelined calls (${CONCURRENCY} in flight)`);
for (let round = 0; round < ROUNDS; round++) {
  const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length]);
  for (const server of order) {
    console.error(`  round ${round + 1}: ${server.label}`);
    const start = await coldStart(server.command, COLD_RUNS);
    const proc = new RpcProcess(server.command);
    await proc.initialize();
    await proc.request("tools/list", {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    const idle = proc.memory();
    const lat = await latency(proc, LATENCY_CALLS);
    const tp = await throughput(proc, PIPELINED_CALLS, CONCURRENCY);
    const peak = proc.memory();
    const survives = await survivesBadInput(proc);
    await proc.stop();
    samples[server.key].push({ ...start, ...lat, ...tp, idleRssMb: idle.rssKb / 1024, peakRssMb: peak.peakKb / 1024, survives });
  }
  for (const extra of EXTRA_STARTS) {
    samples[extra.key].push(await coldStart([node, here(extra.path)], COLD_RUNS));
  }
}

const summary = (key, field) => median(samples[key].map((s) => s[field]));
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");
const row = (cells, widths) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");

const columns = [
  ["server", 22],
  ["init ms", 8],
  ["list ms", 8],
  ["p50 ms", 7],
  ["p99 ms", 7],
  ["calls/s", 8],
  ["CPU µs/call", 11],
  ["idle RSS MB", 11],
  ["peak RSS MB", 11],
  ["survives", 8],
];
const widths = columns.map((c) => c[1]);
console.log(`\nMedians over ${ROUNDS} round(s) on Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`);
console.log(row(columns.map((c) => c[0]), widths));
for (const server of SERVERS) {
  const s = (f) => summary(server.key, f);
  console.log(
    row(
      [server.label, fmt(s("initMs")), fmt(s("listMs")), fmt(s("p50"), 3), fmt(s("p99"), 3), fmt(s("callsPerSec"), 0), fmt(s("cpuUsPerCall")), fmt(s("idleRssMb")), fmt(s("peakRssMb")), samples[server.key].every((x) => x.survives) ? "yes" : "NO"],
      widths,
    ),
  );
}
for (const extra of EXTRA_STARTS) {
  console.log(row([extra.label, fmt(summary(extra.key, "initMs")), fmt(summary(extra.key, "listMs")), "", "", "", "", "", "", ""], widths));
}

const ratio = (a, b) => summary("typemcp", a) / summary(b, a);
console.log("\ntypemcp ÷ each comparison (lower is better)\n");
console.log(row(["metric", "McpServer", "low-level", "floor"], [26, 10, 10, 10]));
for (const [label, field] of [
  ["spawn → tools/list", "listMs"],
  ["sequential p50", "p50"],
  ["server CPU per call", "cpuUsPerCall"],
  ["idle RSS", "idleRssMb"],
  ["peak RSS", "peakRssMb"],
]) {
  console.log(row([label, fmt(ratio(field, "mcpserver"), 2), fmt(ratio(field, "lowlevel"), 2), fmt(ratio(field, "floor"), 2)], [26, 10, 10, 10]));
}

const targets = [
  ["spawn → tools/list ≤ 0.55 × McpServer", ratio("listMs", "mcpserver"), 0.55],
  ["spawn → tools/list ≤ 1.6 × floor", ratio("listMs", "floor"), 1.6],
  ["server CPU per call ≤ 1.05 × low-level", ratio("cpuUsPerCall", "lowlevel"), 1.05],
  ["idle RSS ≤ 1.0 × McpServer", ratio("idleRssMb", "mcpserver"), 1.0],
  ...EXTRA_STARTS.map((e) => [`${e.label} start ≤ 1.1 × calc`, summary(e.key, "listMs") / summary("typemcp", "listMs"), 1.1]),
];
console.log("\nTargets\n");
for (const [label, value, limit] of targets) console.log(`  ${value <= limit ? "met    " : "NOT MET"}  ${label}: ${fmt(value, 2)}`);
