// CPU per pipelined tools/call, measured in paired rounds: every server runs at once (idle between
// turns), and each round gives every server the same batch of calls in a rotating order, so a
// change in the machine's load lands on all of them within seconds of each other. CPU is the
// kernel's accounting of the server process (/proc/<pid>/task/*/schedstat, nanoseconds), not
// wall time. Also the memory each server holds after a fixed number of calls.
import { RpcProcess } from "./rpc-process.mjs";
import { throughput } from "./scenarios.mjs";
import { median } from "./stats.mjs";

/**
 * Runs `rounds` rounds of `calls` pipelined calls (`concurrency` in flight) against each of
 * `servers` ([{ key, script, nodeArgs?, env? }]; `nodeArgs` go before the script, such as
 * `--import` of a module that registers an OpenTelemetry SDK) on `node`, after `warmup` calls each. Returns per server key:
 * `{ cpuUs: [µs per call, one per round], listedRssMb, idleRssMb, warmRssMb }`: listed after
 * `tools/list`, idle after the first call (a server ready for calls: over stdio typemcp loads the
 * MCP SDK at its first call, so its RSS before one is not what serving calls grows from), warm
 * after the warm-up calls.
 */
export async function cpuRounds(node, servers, { rounds, calls, warmup, concurrency, onRound }) {
  const procs = [];
  try {
    for (const server of servers) {
      const proc = new RpcProcess([node, ...(server.nodeArgs ?? []), server.script], server.env);
      procs.push(proc);
      await proc.initialize();
      await proc.request("tools/list", {});
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const listed = procs.map((proc) => proc.memory().rssKb / 1024);
    for (const proc of procs) await throughput(proc, 1, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const out = Object.fromEntries(
      servers.map((s, i) => [s.key, { cpuUs: [], listedRssMb: listed[i], idleRssMb: procs[i].memory().rssKb / 1024, warmRssMb: NaN }]),
    );
    for (const proc of procs) await throughput(proc, warmup, concurrency);
    // Let each server finish what a burst leaves (timers, a scavenge) before memory is read.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [i, server] of servers.entries()) out[server.key].warmRssMb = procs[i].memory().rssKb / 1024;
    for (let round = 0; round < rounds; round++) {
      onRound?.(round);
      for (let k = 0; k < servers.length; k++) {
        const i = (k + round) % servers.length;
        const before = procs[i].preciseCpuMs();
        await throughput(procs[i], calls, concurrency);
        out[servers[i].key].cpuUs.push(((procs[i].preciseCpuMs() - before) * 1000) / calls);
      }
    }
    return out;
  } finally {
    await Promise.all(procs.map((proc) => proc.stop()));
  }
}

/**
 * The paired ratio of `ours` to `theirs` (arrays of one figure per round): the median of the
 * per-round ratios, and in how many rounds `ours` was the lower.
 */
export function pairedRatio(ours, theirs) {
  const ratios = ours.map((value, round) => value / theirs[round]);
  return { ratio: median(ratios), won: ratios.filter((r) => r < 1).length, rounds: ratios.length };
}
