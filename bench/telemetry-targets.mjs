// `node bench/run.mjs --only telemetry [--quick] [--no-node24 | --node24 PATH]` (or this file
// directly): only the tracing and request-logging rows of `pnpm bench`, on each Node, measured as
// it measures them. Over stdio, the calculator plain, with an OpenTelemetry SDK registered
// (servers/otel-sdk.mjs), with logRequests() and with timing(), in paired CPU rounds; over HTTP
// (stateless, both eras) plain and traced; and the OpenTelemetry SDK's own cost per request
// (otel-floor.mjs). Prints typemcp's own share of a traced call and the two middleware ratios,
// each against its #52 target, with the machine's load before and after.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { benchNodes } from "./lib/bench-nodes.mjs";
import { cpuRounds, pairedRatio } from "./lib/cpu-rounds.mjs";
import { httpCpuRounds } from "./lib/http-cpu-rounds.mjs";
import { median } from "./lib/stats.mjs";
import { floorHttpOf, floorHttpServers, floorServers, logFloorNote, otelFloorUs, SHARE_LIMIT_US, shareTarget } from "./lib/telemetry-share.mjs";
import { inMemoryShareTarget, traceGapRuns } from "./lib/trace-gap-runs.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const quick = process.argv.includes("--quick");
const ROUNDS = quick ? 7 : 15;
const CALLS = quick ? 3000 : 10000;
const HTTP_ROUNDS = quick ? 5 : 15;
const HTTP_CALLS = quick ? 500 : 1000;
const GAP_REPS = quick ? 3 : 8;
const ERAS = ["2025-11-25", "2026-07-28"];
const CALC = here("../packages/calc-server/dist/calc.js");
const OTEL = ["--import", here("servers/otel-sdk.mjs")];
const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const STDIO = [
  { key: "typemcp", script: CALC },
  { key: "otel", script: CALC, nodeArgs: OTEL },
  { key: "logged", script: here("typemcp-servers/dist/calc-logged.js"), label: "logRequests() to stderr" },
  { key: "timed", script: here("typemcp-servers/dist/calc-timed.js"), label: "timing() to stderr" },
  ...floorServers(OTEL),
];
for (const server of STDIO) {
  if (!fs.existsSync(server.script)) throw new Error(`${server.script} is missing: run \`pnpm run build\` and \`pnpm --dir bench run build:servers\` first.`);
}

const loadBefore = load();
const lines = [];
for (const node of benchNodes()) {
  console.error(`  ${node.label}: ${ROUNDS} paired stdio rounds of ${CALLS} calls, ${HTTP_ROUNDS} HTTP rounds of ${HTTP_CALLS} per era`);
  const stdio = await cpuRounds(node.path, STDIO, { rounds: ROUNDS, calls: CALLS, warmup: 5000, concurrency: 32 });
  const floorUs = otelFloorUs(node.path);
  const http = await httpCpuRounds(
    [
      { key: "typemcp", label: "typemcp calc --http --stateless", command: [node.path, CALC, "--http", "--stateless", "--port", "{port}"] },
      { key: "otel", label: "typemcp calc, OpenTelemetry SDK", command: [node.path, ...OTEL, CALC, "--http", "--stateless", "--port", "{port}"] },
      ...floorHttpServers(node.path, OTEL),
    ],
    { eras: ERAS, rounds: HTTP_ROUNDS, calls: HTTP_CALLS, warmup: 1000, concurrency: 16 },
  );
  const inServer = { traced: stdio.floortraced.cpuUs, plain: stdio.floorplain.cpuUs };
  const targets = [shareTarget("stdio", stdio.otel.cpuUs, stdio.typemcp.cpuUs, floorUs, inServer)];
  for (const era of ERAS) {
    targets.push(shareTarget(`HTTP ${era}`, http.otel[era], http.typemcp[era], floorUs, floorHttpOf(http, era)));
    targets.push(inMemoryShareTarget(era, traceGapRuns(node.path, era, GAP_REPS), floorUs, SHARE_LIMIT_US));
  }
  for (const variant of STDIO.filter((s) => s.label && !s.key.startsWith("floor"))) {
    const paired = pairedRatio(stdio[variant.key].cpuUs, stdio.typemcp.cpuUs);
    const floor = logFloorNote(stdio, variant.key);
    targets.push([
      `stdio CPU per call with ${variant.label} ≤ 1.05 × without`,
      paired.ratio,
      1.05,
      ` (${median(stdio[variant.key].cpuUs).toFixed(1)} µs)${floor}`,
    ]);
  }
  lines.push(`  ${node.label}`);
  for (const [label, value, limit, note] of targets) lines.push(`    ${value <= limit ? "met    " : "NOT MET"}  ${label}: ${value.toFixed(2)}${note}`);
}
console.log(`\nTracing and request logging (#52 items 7 and 8); load average ${loadBefore} before, ${load()} after\n`);
console.log(lines.join("\n"));
