// HTTP load benchmark: typemcp's calculator (--http --stateless) against the same tool on the
// SDK's own stateless Streamable HTTP pattern, on 127.0.0.1 only, each for a fixed time with a
// fixed number of connections. Node built-ins only. Prints requests/s and latency percentiles.
import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { quantile } from "./lib/stats.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const quick = process.argv.includes("--quick");
const SECONDS = quick ? 2 : 5;
const CONNECTIONS = 16;
const BODY = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "add", arguments: { a: 2, b: 3 } } });
const SERVERS = [
  { label: "typemcp calc --http --stateless", args: [here("../packages/calc-server/dist/calc.js"), "--http", "--stateless", "--port", "0"] },
  { label: "SDK McpServer, stateless HTTP", args: [here("servers/sdk-http-calc.mjs")] },
];

async function start(args) {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  const url = await new Promise((resolve, reject) => {
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (c) => {
      err += c;
      const m = /serving MCP over HTTP at (\S+)/.exec(err);
      if (m) resolve(new URL(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  return { child, url };
}

function post(agent, url) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "Content-Length": Buffer.byteLength(BODY) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (c) => (text += c)).on("end", () => (res.statusCode === 200 && text.includes('"result":5') ? resolve() : reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`))));
      },
    );
    req.on("error", reject);
    req.end(BODY);
  });
}

async function load(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  for (let i = 0; i < 200; i++) await post(agent, url); // warm-up
  const latencies = [];
  const deadline = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const t = process.hrtime.bigint();
      await post(agent, url);
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  agent.destroy();
  return { rps: latencies.length / SECONDS, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

const results = [];
for (const server of SERVERS) {
  const { child, url } = await start(server.args);
  try {
    results.push({ label: server.label, ...(await load(url)) });
  } finally {
    child.kill("SIGTERM");
  }
}
console.log(`\nHTTP, ${CONNECTIONS} connections, ${SECONDS} s each, tools/call add on 127.0.0.1, Node ${process.version}\n`);
console.log(`${"server".padEnd(34)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}`);
for (const r of results) console.log(`${r.label.padEnd(34)}${r.rps.toFixed(0).padStart(9)}${r.p50.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}`);
console.log(`\ntypemcp ÷ SDK: req/s ${(results[0].rps / results[1].rps).toFixed(2)} (higher is better), p99 ${(results[0].p99 / results[1].p99).toFixed(2)} (lower is better)`);
