// Each scenario runs against one server command and returns plain numbers.
import { RpcProcess, msSince } from "./rpc-process.mjs";
import { median, quantile } from "./stats.mjs";

const CALL = { name: "add", arguments: { a: 2, b: 3 } };

function assertResult(reply, where) {
  if (reply.error || reply.result?.structuredContent?.result !== 5) {
    throw new Error(`${where}: unexpected reply ${JSON.stringify(reply).slice(0, 300)}`);
  }
}

/**
 * Spawn → initialize answered → tools/list answered, in a fresh process each time; also the CPU
 * time the server had used by then (user + system, all threads), which other load on the machine
 * moves much less than the wall-clock time; with `firstCall`, the CPU the first tools/call adds.
 */
export async function coldStart(command, runs, env, { firstCall = false } = {}) {
  const toInit = [];
  const toList = [];
  const cpu = [];
  const callCpu = [];
  for (let i = 0; i < runs; i++) {
    const server = new RpcProcess(command, env);
    await server.initialize();
    toInit.push(msSince(server.startedAt));
    const list = await server.request("tools/list", {});
    toList.push(msSince(server.startedAt));
    cpu.push(server.preciseCpuMs());
    if (!Array.isArray(list.result?.tools) || list.result.tools.length === 0) throw new Error(`cold start: bad tools/list from ${command.join(" ")}`);
    if (firstCall) {
      // The first tools/call after the list: whatever a server leaves to its first call (loading
      // and compiling its validators, the SDK's first-use schemas) is paid here.
      assertResult(await server.request("tools/call", CALL), "first call");
      callCpu.push(server.preciseCpuMs() - cpu.at(-1));
    }
    await server.stop();
  }
  return { initMs: median(toInit), listMs: median(toList), startCpuMs: median(cpu), firstCallCpuMs: median(callCpu) };
}

/** Sequential calls, one in flight at a time. */
export async function latency(server, calls) {
  const times = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    const reply = await server.request("tools/call", CALL);
    times.push(msSince(start));
    if (i === 0) assertResult(reply, "latency");
  }
  return { p50: quantile(times, 0.5), p90: quantile(times, 0.9), p99: quantile(times, 0.99) };
}

/** `calls` calls with `concurrency` in flight; server CPU per call from /proc. */
export async function throughput(server, calls, concurrency) {
  const cpuBefore = server.cpuMs();
  const start = process.hrtime.bigint();
  let sent = 0;
  const worker = async () => {
    while (sent < calls) {
      sent++;
      assertResult(await server.request("tools/call", CALL), "throughput");
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = msSince(start);
  const cpuMs = server.cpuMs() - cpuBefore;
  return { callsPerSec: (calls / wallMs) * 1000, cpuUsPerCall: (cpuMs * 1000) / calls };
}

/** Malformed JSON, an unknown tool and wrong argument types; then a normal call must still work. */
export async function survivesBadInput(server) {
  server.raw("{this is not json");
  await server.request("tools/call", { name: "no_such_tool", arguments: {} });
  await server.request("tools/call", { name: "add", arguments: { a: "x", b: null } });
  const reply = await server.request("tools/call", CALL);
  return reply.result?.structuredContent?.result === 5 && server.child.exitCode === null;
}
