// Soak test: 30 s of concurrent stateless Streamable HTTP calls against the calculator, then a
// check that the server's memory and open handles come back near where they started.
//
//   node bench/soak.mjs [--seconds 30] [--concurrency 32]
//
// Measured from outside the server process (Linux /proc): RSS from /proc/<pid>/status, open
// handles as the file descriptors in /proc/<pid>/fd (sockets, pipes, files, timers' eventfd).
// Exits 1 when either is outside its margin after the load stops.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const SECONDS = option("--seconds", 30);
const CONCURRENCY = option("--concurrency", 32);
/** How far RSS may stay above its post-warm-up baseline once the load has stopped. */
const RSS_MARGIN_MB = 40;
/** How many more descriptors than the baseline may stay open once the load has stopped. */
const FD_MARGIN = 4;
/** How long the same load runs first, before the baseline. */
const WARMUP_MS = 10_000;
/** How long the server gets to settle after the load before the second measurement. */
const SETTLE_MS = 5_000;

const server = fileURLToPath(new URL("../packages/calc-server/dist/calc.js", import.meta.url));
const child = spawn(process.execPath, [server, "--http", "--stateless", "--port", "0"], { stdio: ["ignore", "ignore", "pipe"] });
let stderr = "";
const url = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`no URL within 20 s: ${stderr}`)), 20_000);
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    stderr += chunk;
    const match = /serving MCP over HTTP at (\S+)/.exec(stderr);
    if (match) {
      clearTimeout(timer);
      resolve(new URL(match[1]));
    }
  });
  child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
});

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"))[1]) / 1024;
const openFds = () => fs.readdirSync(`/proc/${child.pid}/fd`).length;

const body = (id) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "add", arguments: { a: id, b: 1 } } });

function call(agent, id) {
  return new Promise((resolve, reject) => {
    const payload = body(id);
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-11-25",
          "Content-Length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (c) => (text += c));
        res.on("end", () =>
          res.statusCode === 200 && text.includes(`"result":${id + 1}`)
            ? resolve()
            : reject(new Error(`call ${id}: HTTP ${res.statusCode} ${text.slice(0, 200)}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function load(ms) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const deadline = Date.now() + ms;
  let next = 1;
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        try {
          await call(agent, next++);
          done++;
        } catch (error) {
          if (failed++ === 0) console.error(String(error));
        }
      }
    }),
  );
  agent.destroy();
  return { done, failed };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Warm up (ajv, JIT, the first sockets, and V8's heap grown to its working size under this
// load), let it settle, then take the baseline: what the soak then checks is that 30 s more of
// the same load leaves nothing behind, not that V8 hands memory back to the OS.
await load(WARMUP_MS);
await sleep(SETTLE_MS);
const before = { rss: rssMb(), fds: openFds() };
let peakRss = before.rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 500);
const started = Date.now();
const { done, failed } = await load(SECONDS * 1_000);
const elapsed = (Date.now() - started) / 1_000;
clearInterval(sampler);
const during = { rss: peakRss };
await sleep(SETTLE_MS);
const after = { rss: rssMb(), fds: openFds() };
child.kill("SIGTERM");
await new Promise((resolve) => child.once("exit", resolve));

const rssOk = after.rss - before.rss <= RSS_MARGIN_MB;
const fdsOk = after.fds - before.fds <= FD_MARGIN;
console.log(`soak: ${SECONDS} s of stateless tools/call on ${CONCURRENCY} keep-alive connections (Node ${process.version})`);
console.log(`calls: ${done} answered, ${failed} failed, ${Math.round(done / elapsed)}/s`);
console.log(
  `RSS MB: before ${before.rss.toFixed(1)}, peak ${during.rss.toFixed(1)}, after ${after.rss.toFixed(1)} (margin +${RSS_MARGIN_MB}) ${rssOk ? "ok" : "NOT BACK"}`,
);
console.log(`open fds: before ${before.fds}, after ${after.fds} (margin +${FD_MARGIN}) ${fdsOk ? "ok" : "NOT BACK"}`);
process.exit(rssOk && fdsOk && failed === 0 ? 0 : 1);
