// CPU per pipelined stdio tools/call of typemcp's calculator against the SDK servers, in paired
// rounds on one Node (the third part of `run.mjs`, alone): a quicker check for a change to the
// stdio path. Usage: node bench/stdio-cpu.mjs [path/to/node] [rounds]
import { fileURLToPath } from "node:url";
import { cpuRounds, pairedRatio } from "./lib/cpu-rounds.mjs";
import { median } from "./lib/stats.mjs";

const node = process.argv[2] || process.execPath;
const rounds = Number(process.argv[3] ?? 9);
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const SERVERS = [
  { key: "typemcp", script: here("../packages/calc-server/dist/calc.js") },
  { key: "mcpserver", script: here("servers/sdk-mcpserver-calc.mjs") },
  { key: "v2lowlevel", script: here("servers/sdk-v2-lowlevel-calc.mjs") },
];
const cpu = await cpuRounds(node, SERVERS, { rounds, calls: 2000, warmup: 5000, concurrency: 32 });
for (const { key } of SERVERS) {
  const paired = key === "typemcp" ? "" : `  typemcp/${key} ${pairedRatio(cpu.typemcp.cpuUs, cpu[key].cpuUs).ratio.toFixed(3)}`;
  console.log(`${key.padEnd(11)} ${median(cpu[key].cpuUs).toFixed(1)} µs/call${paired}`);
}
