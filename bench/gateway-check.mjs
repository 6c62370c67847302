// Server CPU per HTTP tools/call through the gateway sample (the calculator mounted as "calc"
// beside the towns and weather parts, `maskErrors()` and `logRequests()` on every request)
// against the calculator served on its own with the same middleware (what the gateway itself
// costs: like with like) and without any (what the sample costs altogether), all stateless, both
// eras, in paired rounds (the method of bench/lib/http-cpu-rounds.mjs). Prints the medians and
// the gateway's ratios. Needs `pnpm --filter @typemcp/bench run build:servers` (as `pnpm bench` does).
//   node bench/gateway-check.mjs [--node PATH] [--rounds N] [--calls N]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { load, processCpuMs, startHttpServer } from "./lib/http-cpu-rounds.mjs";
import { median } from "./lib/stats.mjs";

const here = (p) => path.join(path.dirname(fileURLToPath(import.meta.url)), p);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};
const node = arg("--node", process.execPath);
const rounds = Number(arg("--rounds", 5));
const calls = Number(arg("--calls", 1000));
const servers = [
  { key: "direct", tool: "add", command: [node, here("../packages/calc-server/dist/calc.js"), "--http", "--stateless", "--port", "{port}"] },
  {
    key: "middleware",
    tool: "add",
    command: [node, here("typemcp-servers/dist/calc-gateway-middleware.js"), "--http", "--stateless", "--port", "{port}"],
  },
  {
    key: "gateway",
    tool: "calc_add",
    command: [node, here("../packages/gateway-server/dist/gateway.js"), "--http", "--stateless", "--port", "{port}"],
    env: { NWS_USER_AGENT: "typemcp-bench (bench@example.com)" },
    // The gateway logs one JSON line per request (logRequests()): kept out of the measurement's pipe.
  },
];

const started = [];
try {
  for (const server of servers) started.push(await startHttpServer(server));
  const out = Object.fromEntries(servers.map((s) => [s.key, { "2025-11-25": [], "2026-07-28": [] }]));
  for (const server of started) for (const era of ["2025-11-25", "2026-07-28"]) await load(server, era, 1000, 16);
  for (let round = 0; round < rounds; round++) {
    for (const era of ["2025-11-25", "2026-07-28"]) {
      for (let k = 0; k < servers.length; k++) {
        const i = (k + round) % servers.length;
        const before = processCpuMs(started[i].child.pid);
        await load(started[i], era, calls, 16);
        out[servers[i].key][era].push(((processCpuMs(started[i].child.pid) - before) * 1000) / calls);
      }
    }
  }
  for (const era of ["2025-11-25", "2026-07-28"]) {
    // The median of the per-round ratios, as `pnpm bench` reports them.
    const ratio = (a, b) => median(out[a][era].map((x, i) => x / out[b][era][i]));
    const us = (key) => `${median(out[key][era]).toFixed(0)} µs`;
    console.log(
      `${era}: direct ${us("direct")}, direct with the gateway's middleware ${us("middleware")}, gateway ${us("gateway")}; ` +
        `gateway/same middleware ${ratio("gateway", "middleware").toFixed(2)} (target ≤ 1.1), gateway/direct ${ratio("gateway", "direct").toFixed(2)}`,
    );
  }
} finally {
  for (const s of started) s.stop();
}
