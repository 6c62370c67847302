// What keeping state costs on Workers (Durable Objects, under workerd) beside Node on Redis: a
// task's create → result latency, and a stream resume's cost. Each setup runs two instances (two
// Workers isolates on one set of objects; two Node processes on one Redis) and every measured
// exchange crosses from one to the other, so nothing is answered from an instance's own memory.
//
// Build the fixture first (the Workers bundle, and the Node entry the tests build too):
//   node packages/framework/bin/typemcp.js build --project test/fixtures/tsconfig.workers.json --target workers --entry test/fixtures/src/workers-state.ts
//   node packages/framework/bin/typemcp.js build --project test/fixtures/tsconfig.tc39.json --no-bundle
// Then: node bench/durable-state-bench.mjs WORKERD_BIN [ROUNDS]
//   (WORKERD_BIN: node_modules/.bin/workerd of `npm install workerd@1.20261117.1`; redis-server must be on PATH.)
// Prints one line per setup: `<setup> task_ms=median/p90 resume_ms=median/p90 call_ms=median` over ROUNDS (default 30).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startWorkerdState, waitFor } from "./lib/workerd-state.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const [workerd, roundsArg = "30"] = process.argv.slice(2);
const ROUNDS = Number(roundsArg);
const WORKERS_BUNDLE = path.join(root, "test/fixtures/dist/workers/workers-state.workers.js");
// The same entry for Node, unbundled (built by the test setup: typemcp build --project test/fixtures/tsconfig.tc39.json --no-bundle), so it finds ioredis.
const NODE_BUNDLE = path.join(root, "test/fixtures/dist/tc39/workers-state.js");
const children = [];
process.on("exit", () => children.forEach((c) => c.kill("SIGKILL")));

function start(bin, args, options = {}) {
  const child = spawn(bin, args, { stdio: "ignore", ...options });
  children.push(child);
  return child;
}

async function workerdSetup() {
  const { urls, child } = await startWorkerdState(workerd, WORKERS_BUNDLE);
  children.push(child);
  return urls;
}

async function redisSetup() {
  const redisPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-bench-redis-"));
  start("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const urls = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    start(process.execPath, [NODE_BUNDLE, "--http", "--stateless", "--port", String(port), "--redis", `redis://127.0.0.1:${redisPort}`], {
      env: { ...process.env, MCP_REQUEST_STATE_KEY: "durable-state-bench-key-of-at-least-32-bytes" },
    });
    urls.push(`http://127.0.0.1:${port}/mcp`);
  }
  for (const url of urls) await waitFor(url.replace("/mcp", "/healthz"));
  return urls;
}

// A 2025-11-25 request with no session: the same path on both setups (stateless, shared stores).
async function post(url, id, method, params) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
  });
  return { res, text: await res.text() };
}

function lastMessage(text) {
  const data = [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]));
  return data.length ? data.at(-1) : JSON.parse(text);
}

async function measure(urls) {
  const [a, b] = urls;
  const task = [];
  const resume = [];
  const call = [];
  for (let round = 0; round < ROUNDS + 3; round++) {
    // Task: created through one instance, polled and its result fetched through the other.
    let t = performance.now();
    const created = lastMessage((await post(a, 1, "tools/call", { name: "slow", arguments: { ms: 0 }, task: { ttl: 60_000 } })).text);
    const taskId = created.result.task.taskId;
    for (let i = 0; i < 2000; i++) {
      const state = lastMessage((await post(b, 2, "tasks/get", { taskId })).text);
      if (state.result.status !== "working") break;
    }
    const result = lastMessage((await post(b, 3, "tasks/result", { taskId })).text);
    if (result.result?.structuredContent?.waited !== 0) throw new Error(`unexpected task result: ${JSON.stringify(result)}`);
    const taskMs = performance.now() - t;
    // Stream: a call of 20 progress events answered through one instance, resumed after its first event through the other.
    t = performance.now();
    const { text } = await post(a, 4, "tools/call", { name: "count", arguments: { steps: 20, intervalMs: 0 }, _meta: { progressToken: "p" } });
    const callMs = performance.now() - t;
    const first = /^id: (.+)$/m.exec(text.split("\n\n").find((block) => block.includes('"notifications/progress"')))[1];
    t = performance.now();
    const resumed = await (await fetch(b, { headers: { Accept: "text/event-stream", "Last-Event-ID": first } })).text();
    const resumeMs = performance.now() - t;
    if ((resumed.match(/^data: /gm) ?? []).length !== 20) throw new Error(`resume got ${resumed}`);
    // The first rounds warm up (connections, JIT, objects created): not counted.
    if (round < 3) continue;
    task.push(taskMs);
    resume.push(resumeMs);
    call.push(callMs);
  }
  return { task, resume, call };
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length * 0.9)];
const show = (xs) => `${median(xs).toFixed(1)}/${p90(xs).toFixed(1)}`;

for (const [name, setup] of [
  ["workerd+durable-objects", workerdSetup],
  ["node+redis", redisSetup],
]) {
  const urls = await setup();
  const { task, resume, call } = await measure(urls);
  console.log(`${name} task_ms=${show(task)} resume_ms=${show(resume)} call_ms=${median(call).toFixed(1)} rounds=${ROUNDS}`);
  for (const child of children.splice(0)) child.kill("SIGKILL");
}
