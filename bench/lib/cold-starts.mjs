// The cold-start phase of `pnpm bench` (bench/run.mjs), also run alone by `node bench/run.mjs
// --only start`: fresh processes started one at a time, round-robin over every Node × server, so
// that a change in the machine's load hits every server alike; and the targets issue #52 states
// for them, judged on the CPU a start uses (which other load on the machine moves much less than
// wall time), with the same ratio in wall time beside it.
import { readFileSync } from "node:fs";
import { coldStart } from "./scenarios.mjs";
import { startFloor } from "./start-floor.mjs";
import { median } from "./stats.mjs";

/**
 * `count` starts of every server on every Node, interleaved: spawn → initialize → tools/list, and
 * for `withFirstCall` servers the first tools/call. Returns `results[nodeIndex][serverKey].starts`.
 * @param {{ path: string, label: string }[]} nodes
 * @param {{ key: string, script: string, env?: Record<string, string> }[]} servers scripts as absolute paths
 */
export async function coldStarts(nodes, servers, { count, withFirstCall = () => false, log = () => {} }) {
  const results = nodes.map(() => Object.fromEntries(servers.map((s) => [s.key, { starts: [], rounds: [] }])));
  const pairs = nodes.flatMap((node, n) => servers.map((server) => ({ n, node, server })));
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) log(`  cold starts ${i + 1}–${Math.min(count, i + 5)} of ${count}`);
    for (let k = 0; k < pairs.length; k++) {
      const { n, node, server } = pairs[(k + i) % pairs.length];
      const firstCall = withFirstCall(server);
      results[n][server.key].starts.push(await coldStart([node.path, server.script], 1, server.env, { firstCall }));
    }
  }
  return results;
}

/** The median of one field over a server's starts. */
export const startMedian = (result, key, field) => median(result[key].starts.map((s) => s[field]));

/**
 * The cold-start targets on one Node, as `[label, value, limit, note]`: the value is the ratio
 * (spawn to tools/list answered) the target is judged on, the note the other one. Issue #52:
 * ≤ 2 × the no-SDK floor on Node 24 (1.5 × on Node 20, from round 3), ≤ 0.5 × the SDK v1
 * McpServer's on both; earlier rounds' ≤ 0.9 × the bundled SDK v2 McpServer on Node 24 and the
 * larger samples ≤ 1.1 × the calculator, judged on wall time as those rounds did (CPU beside).
 */
export function coldStartTargets(result, major, { startOnly = [] } = {}) {
  const of = (key, field) => startMedian(result, key, field);
  const against = (other, base = "typemcp") =>
    result[other] && result[base] ? [of(base, "startCpuMs") / of(other, "startCpuMs"), of(base, "listMs") / of(other, "listMs")] : undefined;
  const rows = [];
  const shown = (x) => (Number.isFinite(x) ? x.toFixed(2) : "–");
  // Issue #52's targets are judged on CPU, as it states them; earlier rounds' on wall time, as they did.
  const push = (label, ratios, limit) => {
    if (ratios) rows.push([`${label} CPU`, ratios[0], limit, ` (wall: ${shown(ratios[1])})`]);
  };
  const pushWall = (label, ratios, limit) => {
    if (ratios) rows.push([label, ratios[1], limit, ` (start CPU: ${shown(ratios[0])})`]);
  };
  const floorLimit = major >= 24 ? 2.0 : 1.5;
  push(`cold start ≤ ${floorLimit.toFixed(1)} × floor`, against("floor"), floorLimit);
  push("cold start ≤ 0.5 × SDK v1 McpServer", against("mcpserver"), 0.5);
  if (major >= 24) pushWall("cold start ≤ 0.9 × bundled SDK v2 McpServer", against("v2bundled"), 0.9);
  for (const server of startOnly) {
    pushWall(`${server.label} cold start ≤ 1.1 × calc`, against("typemcp", server.key), 1.1);
  }
  return rows;
}

/** The cold-start columns alone, one line per server, for `--only start`. */
export function coldStartTable(result, servers) {
  const fmt = (x, digits) => (Number.isFinite(x) ? x.toFixed(digits) : "–").padStart(10);
  const lines = [`${"server".padEnd(28)}${["init ms", "list ms", "start CPU", "1st call"].map((h) => h.padStart(10)).join("")}`];
  for (const server of servers) {
    const of = (field) => startMedian(result, server.key, field);
    lines.push(`${server.label.padEnd(28)}${fmt(of("initMs"), 1)}${fmt(of("listMs"), 1)}${fmt(of("startCpuMs"), 1)}${fmt(of("firstCallCpuMs"), 2)}`);
  }
  return lines.join("\n");
}

/**
 * `node bench/run.mjs --only start`: per Node, the cold-start table, its targets, and where the
 * calculator's start-up CPU goes against what Node costs loading the same bytes (start-floor.mjs).
 */
export async function printColdStarts(nodes, results, { servers, startOnly, count, bundle }) {
  const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  for (const [n, node] of nodes.entries()) {
    console.log(`\n${node.label}: medians of ${count} cold starts (ms; load average ${load()})\n`);
    console.log(coldStartTable(results[n], servers));
    console.log("");
    for (const [label, value, limit, note] of coldStartTargets(results[n], node.major, { startOnly })) {
      console.log(`  ${value <= limit ? "met    " : "NOT MET"}  ${label}: ${value.toFixed(2)}${note}`);
    }
    const parts = await startFloor(node.path, bundle, { rounds: count });
    console.log(`\n  where the calculator's start-up CPU goes (a fresh node importing, medians of ${count}; ms, ÷ bare node):`);
    const bare = parts[0].cpuMs;
    const line = (label, ms) => console.log(`    ${label.padEnd(58)}${ms.toFixed(1).padStart(7)}  ${(ms / bare).toFixed(2)}`);
    for (const part of parts) line(`${part.label}${part.bytes ? ` (${Math.round(part.bytes / 1024)} KiB)` : ""}`, part.cpuMs);
    line("no SDK (floor), spawn to tools/list answered", startMedian(results[n], "floor", "startCpuMs"));
    line("typemcp calc, spawn to tools/list answered", startMedian(results[n], "typemcp", "startCpuMs"));
  }
  console.log(`\nload average after: ${load()}`);
}
