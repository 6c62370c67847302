// Server CPU per HTTP tools/call, both eras, for one Node: typemcp's calculator (stateless),
// its Bun build and the SDK v2 McpServer over HTTP, in the paired rounds of `node bench/run.mjs`
// step 5, without the rest of the benchmark. Prints the medians and the two ratios.
//   node bench/http-cpu-check.mjs [--node PATH] [--bun PATH] [--rounds N] [--calls N]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpCpuRounds } from "./lib/http-cpu-rounds.mjs";
import { benchBun } from "./lib/bench-bun.mjs";

const here = (p) => path.join(path.dirname(fileURLToPath(import.meta.url)), p);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};
const node = arg("--node", process.execPath);
const bun = benchBun();
const servers = [
  { key: "typemcp", command: [node, here("../packages/calc-server/dist/calc.js"), "--http", "--stateless", "--port", "{port}"] },
  { key: "v2http", command: [node, here("servers/sdk-v2-http-calc.mjs")], cwd: here(".") },
  ...(bun ? [{ key: "bun", command: [bun.path, here("../packages/calc-server/dist/calc.bun.js")], env: { MCP_STATELESS: "1" } }] : []),
];
const cpu = await httpCpuRounds(servers, {
  eras: ["2025-11-25", "2026-07-28"],
  rounds: Number(arg("--rounds", 5)),
  calls: Number(arg("--calls", 1000)),
  warmup: 1000,
  concurrency: 16,
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const era of ["2025-11-25", "2026-07-28"]) {
  const m = Object.fromEntries(servers.map((s) => [s.key, median(cpu[s.key][era])]));
  const cells = servers.map((s) => `${s.key} ${m[s.key].toFixed(0)} µs`).join(", ");
  const ratios = `typemcp/bun ${(m.typemcp / m.bun).toFixed(2)}, typemcp/v2http ${(m.typemcp / m.v2http).toFixed(2)}`;
  console.log(`${era}: ${cells}; ${ratios}`);
}
