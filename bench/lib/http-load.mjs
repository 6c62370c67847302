// Streamable HTTP load: typemcp's calculator (--http --stateless) against the same tool on the
// SDK's own stateless pattern, on 127.0.0.1 only, each for a fixed time with a fixed number of
// keep-alive connections. Node built-ins only.
import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { quantile } from "./stats.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const BODY = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "add", arguments: { a: 2, b: 3 } } });

/** The two HTTP servers compared, as [label, script and arguments]. */
export const HTTP_SERVERS = [
  { key: "typemcp", label: "typemcp calc --http --stateless", args: [here("../../packages/calc-server/dist/calc.js"), "--http", "--stateless", "--port", "0"] },
  { key: "sdk", label: "SDK McpServer, stateless HTTP", args: [here("../servers/sdk-http-calc.mjs")] },
];

/** Runs one server on `node` and loads it: `{ rps, p50, p99 }` (ms). */
export async function httpLoad(node, server, { seconds, connections }) {
  const { child, url } = await start(node, server.args);
  try {
    return await load(url, seconds, connections);
  } finally {
    child.kill("SIGTERM");
  }
}

async function start(node, args) {
  const child = spawn(node, args, { stdio: ["ignore", "ignore", "pipe"] });
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
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "Content-Length": Buffer.byteLength(BODY) },
      },
      (res) => {
        let text = "";
        res
          .setEncoding("utf8")
          .on("data", (c) => (text += c))
          .on("end", () =>
            res.statusCode === 200 && text.includes('"result":5') ? resolve() : reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`)),
          );
      },
    );
    req.on("error", reject);
    req.end(BODY);
  });
}

async function load(url, seconds, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  for (let i = 0; i < 200; i++) await post(agent, url); // warm-up
  const latencies = [];
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const t = process.hrtime.bigint();
      await post(agent, url);
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return { rps: latencies.length / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}
