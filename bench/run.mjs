// `pnpm bench`: typemcp's calculator against the same calculator hand-written on the SDK's
// McpServer + zod, on the SDK's low-level Server, and with no SDK at all, on this machine's Node
// and on Node 24 LTS, in one run. Prints medians per Node, the ratios the targets are stated in,
// and each target met or not.
//
//   node bench/run.mjs [--quick] [--no-node24 | --node24 PATH]
//
// Three phases, each interleaved so that a change in the machine's load hits every server alike:
// cold starts (one start at a time, round-robin over every Node × server), steady state over
// stdio (latency, throughput, CPU, memory, bad input), and stateless HTTP load.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { benchNodes } from "./lib/bench-nodes.mjs";
import { HTTP_SERVERS, httpLoad } from "./lib/http-load.mjs";
import { RpcProcess } from "./lib/rpc-process.mjs";
import { coldStart, latency, survivesBadInput, throughput } from "./lib/scenarios.mjs";
import { median } from "./lib/stats.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const quick = process.argv.includes("--quick");
const COLD_STARTS = quick ? 6 : 11; // per server per Node
const ROUNDS = quick ? 1 : 2;
const LATENCY_CALLS = quick ? 300 : 1000;
const PIPELINED_CALLS = quick ? 3000 : 10000;
const CONCURRENCY = 32;
const HTTP_SECONDS = quick ? 1.5 : 3;
const HTTP_CONNECTIONS = 16;

const ALL_SERVERS = [
  { key: "typemcp", label: "typemcp calc", script: "../packages/calc-server/dist/calc.js" },
  { key: "mcpserver", label: "SDK McpServer + zod", script: "servers/sdk-mcpserver-calc.mjs" },
  { key: "lowlevel", label: "SDK low-level Server", script: "servers/sdk-lowlevel-calc.mjs" },
  { key: "v2lowlevel", label: "SDK v2 low-level Server", script: "servers/sdk-v2-lowlevel-calc.mjs" },
  { key: "floor", label: "no SDK (floor)", script: "servers/raw-jsonrpc-calc.mjs" },
];
// The v2 SDK comparison needs `@modelcontextprotocol/server` installed beside bench/.
const SERVERS = ALL_SERVERS.filter((server) => server.key !== "v2lowlevel" || resolves("@modelcontextprotocol/server"));
const START_ONLY = [
  { key: "towns", label: "typemcp towns", script: "../packages/towns-server/dist/towns.js" },
  { key: "weather", label: "typemcp weather", script: "../packages/weather-server/dist/weather.js" },
  // The same calculator with Node's compile cache turned off: what the cache saves, in this run.
  { key: "nocache", label: "typemcp calc, no cache", script: "../packages/calc-server/dist/calc.js", env: { NODE_DISABLE_COMPILE_CACHE: "1" } },
];
function resolves(specifier) {
  try {
    import.meta.resolve(specifier);
    return true;
  } catch {
    console.error(`(${specifier} is not installed beside bench/: its comparison server is left out)`);
    return false;
  }
}

/** The SDK line typemcp's runtime is built on: v2 (`@modelcontextprotocol/server`) or v1 (`@modelcontextprotocol/sdk`). */
const frameworkPackage = JSON.parse(fs.readFileSync(here("../packages/framework/package.json"), "utf8"));
const frameworkDeps = { ...frameworkPackage.dependencies, ...frameworkPackage.devDependencies };
const RUNTIME_SDK = frameworkDeps["@modelcontextprotocol/server"] ? { line: "v2", key: "v2lowlevel" } : { line: "v1", key: "lowlevel" };

for (const server of [...SERVERS, ...START_ONLY]) {
  if (!fs.existsSync(here(server.script))) throw new Error(`${server.script} is missing: run \`pnpm run build\` first (\`pnpm bench\` does both).`);
}

const nodes = benchNodes();
/** results[nodeIndex][serverKey] = { starts: [...], rounds: [...] }; results[nodeIndex].http = {...} */
const results = nodes.map(() => Object.fromEntries([...SERVERS, ...START_ONLY].map((s) => [s.key, { starts: [], rounds: [] }])));

console.error(
  `typemcp bench on ${nodes.map((n) => n.label).join(" and ")}: ${COLD_STARTS} cold starts per server, ${ROUNDS} round(s) of ${LATENCY_CALLS} sequential and ${PIPELINED_CALLS} pipelined calls (${CONCURRENCY} in flight), ${HTTP_SECONDS} s of HTTP load per server`,
);

// 1. Cold starts, one at a time, rotating through every (Node, server) pair.
const pairs = nodes.flatMap((node, n) => [...SERVERS, ...START_ONLY].map((server) => ({ n, node, server })));
for (let i = 0; i < COLD_STARTS; i++) {
  if (i % 5 === 0) console.error(`  cold starts ${i + 1}–${Math.min(COLD_STARTS, i + 5)} of ${COLD_STARTS}`);
  for (let k = 0; k < pairs.length; k++) {
    const { n, node, server } = pairs[(k + i) % pairs.length];
    results[n][server.key].starts.push(await coldStart([node.path, here(server.script)], 1, server.env));
  }
}

// 2. Steady state over stdio.
for (let round = 0; round < ROUNDS; round++) {
  for (const [n, node] of nodes.entries()) {
    for (const server of SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length])) {
      console.error(`  round ${round + 1}, ${node.label}: ${server.label}`);
      const proc = new RpcProcess([node.path, here(server.script)]);
      await proc.initialize();
      await proc.request("tools/list", {});
      await new Promise((resolve) => setTimeout(resolve, 200));
      const idle = proc.memory();
      const lat = await latency(proc, LATENCY_CALLS);
      const tp = await throughput(proc, PIPELINED_CALLS, CONCURRENCY);
      const peak = proc.memory();
      const survives = await survivesBadInput(proc);
      await proc.stop();
      results[n][server.key].rounds.push({ ...lat, ...tp, idleRssMb: idle.rssKb / 1024, peakRssMb: peak.peakKb / 1024, survives });
    }
  }
}

// 3. Stateless HTTP load.
for (const [n, node] of nodes.entries()) {
  results[n].http = {};
  for (const server of n % 2 ? [...HTTP_SERVERS].reverse() : HTTP_SERVERS) {
    console.error(`  HTTP, ${node.label}: ${server.label}`);
    results[n].http[server.key] = await httpLoad(node.path, server, { seconds: HTTP_SECONDS, connections: HTTP_CONNECTIONS });
  }
}

// Report.
const fmt = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : "–");
const row = (cells, widths) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
const targetLines = [];

for (const [n, node] of nodes.entries()) {
  const r = results[n];
  const start = (key, field) => median(r[key].starts.map((s) => s[field]));
  const steady = (key, field) => median(r[key].rounds.map((s) => s[field]));
  const columns = [
    ["server", 22],
    ["init ms", 8],
    ["list ms", 8],
    ["start CPU ms", 12],
    ["p50 ms", 7],
    ["p99 ms", 7],
    ["calls/s", 8],
    ["CPU µs/call", 11],
    ["idle RSS MB", 11],
    ["peak RSS MB", 11],
    ["survives", 8],
  ];
  const widths = columns.map((c) => c[1]);
  console.log(
    `\n${node.label} (${node.path === process.execPath ? "this machine's" : "from npm"}), ${new Date().toISOString().slice(0, 10)}: cold starts are medians of ${COLD_STARTS}, the rest medians of ${ROUNDS} round(s)\n`,
  );
  console.log(
    row(
      columns.map((c) => c[0]),
      widths,
    ),
  );
  for (const server of SERVERS) {
    const k = server.key;
    console.log(
      row(
        [
          server.label,
          fmt(start(k, "initMs")),
          fmt(start(k, "listMs")),
          fmt(start(k, "startCpuMs"), 0),
          fmt(steady(k, "p50"), 3),
          fmt(steady(k, "p99"), 3),
          fmt(steady(k, "callsPerSec"), 0),
          fmt(steady(k, "cpuUsPerCall")),
          fmt(steady(k, "idleRssMb")),
          fmt(steady(k, "peakRssMb")),
          r[k].rounds.every((x) => x.survives) ? "yes" : "NO",
        ],
        widths,
      ),
    );
  }
  for (const server of START_ONLY) {
    const k = server.key;
    console.log(row([server.label, fmt(start(k, "initMs")), fmt(start(k, "listMs")), fmt(start(k, "startCpuMs"), 0), "", "", "", "", "", "", ""], widths));
  }
  console.log(`\nstateless HTTP, ${HTTP_CONNECTIONS} connections, ${HTTP_SECONDS} s each:`);
  for (const server of HTTP_SERVERS) {
    const h = r.http[server.key];
    console.log(`  ${server.label.padEnd(34)}${fmt(h.rps, 0).padStart(7)} req/s   p50 ${fmt(h.p50, 2)} ms   p99 ${fmt(h.p99, 2)} ms`);
  }

  const ratio = (field, other, of = start) => (r[other] ? of("typemcp", field) / of(other, field) : NaN);
  console.log(`\ntypemcp calc ÷ each comparison on ${node.label} (lower is better)\n`);
  console.log(row(["metric", "McpServer", "low-level", "v2 low-level", "floor"], [26, 10, 10, 12, 10]));
  for (const [label, field, of] of [
    ["spawn → tools/list", "listMs", start],
    ["CPU to tools/list", "startCpuMs", start],
    ["sequential p50", "p50", steady],
    ["server CPU per call", "cpuUsPerCall", steady],
    ["idle RSS", "idleRssMb", steady],
    ["peak RSS", "peakRssMb", steady],
  ]) {
    console.log(
      row(
        [
          label,
          fmt(ratio(field, "mcpserver", of), 2),
          fmt(ratio(field, "lowlevel", of), 2),
          fmt(ratio(field, "v2lowlevel", of), 2),
          fmt(ratio(field, "floor", of), 2),
        ],
        [26, 10, 10, 12, 10],
      ),
    );
  }

  // Cold starts are judged on wall time, as the issue states them; the same ratio in start-up CPU,
  // which other load on the machine moves much less, is printed beside it.
  const cpuNote = (value) => ` (start CPU: ${fmt(value, 2)})`;
  const targets =
    node.major >= 24
      ? [
          ["cold start ≤ 2.0 × floor", ratio("listMs", "floor"), 2.0, cpuNote(ratio("startCpuMs", "floor"))],
          ["cold start ≤ 0.5 × SDK McpServer", ratio("listMs", "mcpserver"), 0.5, cpuNote(ratio("startCpuMs", "mcpserver"))],
        ]
      : [["cold start ≤ 1.5 × floor", ratio("listMs", "floor"), 1.5, cpuNote(ratio("startCpuMs", "floor"))]];
  for (const server of START_ONLY.filter((s) => s.key !== "nocache")) {
    targets.push([
      `${server.label} cold start ≤ 1.1 × calc`,
      start(server.key, "listMs") / start("typemcp", "listMs"),
      1.1,
      cpuNote(start(server.key, "startCpuMs") / start("typemcp", "startCpuMs")),
    ]);
  }
  // Against the low-level Server of the SDK line typemcp runs on (the other line's is in the table).
  targets.push([`CPU per pipelined call ≤ 0.9 × SDK ${RUNTIME_SDK.line} low-level`, ratio("cpuUsPerCall", RUNTIME_SDK.key, steady), 0.9]);
  targets.push(["idle RSS ≤ 1.0 × SDK McpServer", ratio("idleRssMb", "mcpserver", steady), 1.0]);
  targetLines.push(`  ${node.label}`);
  for (const [label, value, limit, note = ""] of targets) targetLines.push(`    ${value <= limit ? "met    " : "NOT MET"}  ${label}: ${fmt(value, 2)}${note}`);
  const rps = r.http.typemcp.rps / r.http.sdk.rps;
  targetLines.push(`    ${rps >= 1.5 ? "met    " : "NOT MET"}  stateless HTTP req/s ≥ 1.5 × SDK: ${fmt(rps, 2)}`);
}

console.log("\nTargets (ratios within this run)\n");
console.log(targetLines.join("\n"));
