// Where a server's RSS grows under a burst of calls: the calculator over stdio, idle (after
// tools/list) and after 5,000 pipelined calls (32 in flight), read from outside (/proc/<pid>/smaps,
// summed per kind of mapping; Linux only) and from inside (process.memoryUsage() and V8's heap
// statistics, through bench/lib/memory-probe.mjs preloaded with --import).
//   node bench/memory-split.mjs [--node PATH] [--server SCRIPT] [-- NODE_FLAGS...]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RpcProcess } from "./lib/rpc-process.mjs";

const here = (p) => path.join(path.dirname(fileURLToPath(import.meta.url)), p);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};
const node = arg("--node", process.execPath);
const script = arg("--server", here("../packages/calc-server/dist/calc.js"));
const dashes = process.argv.indexOf("--");
const nodeFlags = dashes === -1 ? [] : process.argv.slice(dashes + 1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const proc = new RpcProcess([node, "--import", here("lib/memory-probe.mjs"), ...nodeFlags, script]);

/** kB of RSS per kind of mapping: the node binary, other files, anonymous memory, malloc's brk heap. */
function mappings() {
  const out = { "node binary": 0, "other files": 0, anonymous: 0, "[heap]": 0, "[stack]": 0 };
  let kind = "anonymous";
  for (const line of fs.readFileSync(`/proc/${proc.pid}/smaps`, "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1];
      kind =
        name === "" ? "anonymous" : name === fs.realpathSync(node) ? "node binary" : name.startsWith("/") ? "other files" : name in out ? name : "anonymous";
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss) out[kind] += Number(rss[1]);
  }
  out.total = Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${proc.pid}/status`, "utf8"))[1]);
  return out;
}

async function probe() {
  proc.stderr = "";
  process.kill(proc.pid, "SIGUSR2");
  for (let i = 0; i < 50 && !proc.stderr.includes("memory-probe "); i++) await sleep(20);
  return JSON.parse(/memory-probe (.*)/.exec(proc.stderr)[1]);
}

try {
  await proc.initialize();
  await proc.request("tools/list", {});
  await sleep(300);
  const idle = { rss: mappings(), v8: await probe() };
  let sent = 0;
  const worker = async () => {
    while (sent < 5000) {
      sent++;
      await proc.request("tools/call", { name: "add", arguments: { a: 2, b: 3 } });
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  await sleep(300);
  const warm = { rss: mappings(), v8: await probe() };
  console.log(`${path.basename(script)} on ${node} ${nodeFlags.join(" ")}`);
  console.log("RSS by mapping, MB: idle → after 5,000 calls");
  for (const kind of Object.keys(idle.rss))
    console.log(`  ${kind.padEnd(12)} ${(idle.rss[kind] / 1024).toFixed(1).padStart(6)} → ${(warm.rss[kind] / 1024).toFixed(1).padStart(6)}`);
  console.log("V8 and Node, MB: idle → after 5,000 calls");
  for (const key of ["heapTotal", "external", "arrayBuffers", "malloced", "peakMalloced"])
    console.log(`  ${key.padEnd(12)} ${String(idle.v8[key]).padStart(6)} → ${String(warm.v8[key]).padStart(6)}`);
  for (const space of Object.keys(warm.v8.spaces).filter((s) => warm.v8.spaces[s] || idle.v8.spaces[s]))
    console.log(`  ${space.padEnd(20)} ${String(idle.v8.spaces[space]).padStart(6)} → ${String(warm.v8.spaces[space]).padStart(6)}`);
  console.log(`RSS after 5,000 calls ÷ idle: ${(warm.rss.total / idle.rss.total).toFixed(2)} (target ≤ 1.3)`);
} finally {
  await proc.stop();
}
