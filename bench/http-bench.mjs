// `pnpm bench:http`: the HTTP load benchmark alone (bench/lib/http-load.mjs), on this machine's
// Node and on Node 24 LTS, servers alternating. `--quick` for 2 s per server, `--no-node24` for
// this machine's Node only.
import { benchNodes } from "./lib/bench-nodes.mjs";
import { HTTP_SERVERS, httpLoad } from "./lib/http-load.mjs";

const SECONDS = process.argv.includes("--quick") ? 2 : 5;
const CONNECTIONS = 16;

for (const node of benchNodes()) {
  const results = [];
  for (const server of HTTP_SERVERS)
    results.push({ label: server.label, ...(await httpLoad(node.path, server, { seconds: SECONDS, connections: CONNECTIONS })) });
  console.log(`\nHTTP on ${node.label}, ${CONNECTIONS} connections, ${SECONDS} s each, tools/call add on 127.0.0.1\n`);
  console.log(`${"server".padEnd(34)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}`);
  for (const r of results) console.log(`${r.label.padEnd(34)}${r.rps.toFixed(0).padStart(9)}${r.p50.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}`);
  console.log(
    `\ntypemcp ÷ SDK: req/s ${(results[0].rps / results[1].rps).toFixed(2)} (higher is better; target ≥ 1.5), p99 ${(results[0].p99 / results[1].p99).toFixed(2)} (lower is better)`,
  );
}
