// Server CPU per HTTP tools/call in paired rounds, the HTTP counterpart of cpu-rounds.mjs: every
// server runs at once (idle between turns), each round loads every server with the same number
// of calls (keep-alive connections, a fixed number in flight) in rotating order, and the CPU is
// the kernel's accounting of the server process (/proc/<pid>/task/*/schedstat, every thread, so
// a runtime's helper threads count too), not wall time. 127.0.0.1 only; Node built-ins only.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";

/**
 * A 2025-11-25 client inside a session: it sends `initialize` once (per server, on its first
 * call) and every later request with the `Mcp-Session-Id` it was given. For a server started
 * without `--stateless`.
 */
export const SESSION_ERA = "2025-11-25 session";

/** The two protocol eras, as a client of each sends `tools/call` of `tool` (`add`, or a gateway's `calc_add`) with a = 2, b = 3. */
export function eraRequest(era, tool = "add") {
  const params = { name: tool, arguments: { a: 2, b: 3 } };
  if (era === "2025-11-25" || era === SESSION_ERA) return { body: { jsonrpc: "2.0", id: 1, method: "tools/call", params }, headers: {} };
  return {
    body: {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { ...params, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
    },
    headers: { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": tool },
  };
}

/** `tools/call add` in each era. */
export const ERAS = { "2025-11-25": eraRequest("2025-11-25"), "2026-07-28": eraRequest("2026-07-28") };

/** A free port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The CPU `pid` has used so far, in ms, summed over its threads. */
export function processCpuMs(pid) {
  let ns = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return ns / 1e6;
}

/**
 * Starts `server` ({ command: [bin, ...args], env, cwd, tool }; `tool` is what `load` calls, default `add`) with PORT set to a free port (and any
 * `{port}` in its arguments replaced), and waits until it answers tools/list.
 */
export async function startHttpServer(server) {
  const port = await freePort();
  const [bin, ...args] = server.command.map((part) => part.replaceAll("{port}", String(port)));
  const child = spawn(bin, args, { cwd: server.cwd, env: { ...process.env, ...server.env, PORT: String(port) }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (c) => (stderr += c));
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const started = { child, url, agent, tool: server.tool, stop: () => (agent.destroy(), child.kill("SIGKILL")) };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${server.key} exited ${child.exitCode}: ${stderr}`);
    try {
      // A server that keeps sessions answers nothing outside one: its first session is the probe.
      if (server.eras?.includes(SESSION_ERA)) await sessionOf(started);
      else await post(agent, url, { jsonrpc: "2.0", id: 0, method: "tools/list" }, {}, '"tools"');
      break;
    } catch (error) {
      if (i > 3000) throw new Error(`${server.key} never answered: ${error} ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return started;
}

// A keep-alive socket the server closed while idle (other servers had their turn) may be reused
// just as it closes: that request is sent again, once, on a fresh socket.
async function post(agent, url, body, headers, expect) {
  try {
    return await postOnce(agent, url, body, headers, expect);
  } catch (error) {
    if (error.code !== "ECONNRESET") throw error;
    return postOnce(agent, url, body, headers, expect);
  }
}

function postOnce(agent, url, body, headers, expect) {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "Content-Length": Buffer.byteLength(text), ...headers },
      },
      (res) => {
        let answer = "";
        res
          .setEncoding("utf8")
          .on("data", (c) => (answer += c))
          .on("end", () =>
            res.statusCode === 200 && answer.includes(expect)
              ? resolve({ headers: res.headers, body: answer })
              : reject(new Error(`HTTP ${res.statusCode}: ${answer.slice(0, 200)}`)),
          );
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/** Sends `calls` calls of `era` to a started server, `concurrency` in flight (of `started.tool`, default `add`). */
export async function load(started, era, calls, concurrency) {
  let sent = 0;
  const request = eraRequest(era, started.tool);
  if (era === SESSION_ERA) request.headers = { "Mcp-Session-Id": await sessionOf(started), "MCP-Protocol-Version": "2025-11-25" };
  // Inside a session every request needs an id of its own (the session routes answers by id).
  const session = era === SESSION_ERA;
  const worker = async () => {
    while (sent < calls) {
      sent++;
      const body = session ? { ...request.body, id: (started.nextId = (started.nextId ?? 1) + 1) } : request.body;
      await post(started.agent, started.url, body, request.headers, '"result":5');
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Sends `body` `calls` times to a started server, `concurrency` in flight, each answer checked to contain `expect`; returns the server CPU per request in µs. */
export async function cpuPerRequest(started, body, { calls, concurrency, expect, headers = {} }) {
  let sent = 0;
  const before = processCpuMs(started.child.pid);
  const worker = async () => {
    while (sent < calls) {
      sent++;
      await post(started.agent, started.url, body, headers, expect);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ((processCpuMs(started.child.pid) - before) * 1000) / calls;
}

/** The server CPU, in ms, that `load` of `calls` calls of `era` costs a started server. */
export async function cpuOfLoad(started, era, calls, concurrency) {
  const before = processCpuMs(started.child.pid);
  await load(started, era, calls, concurrency);
  return processCpuMs(started.child.pid) - before;
}

/** The body of a started server's answer to `body`, checked to contain `expect`. */
export async function answerOf(started, body, expect) {
  return (await post(started.agent, started.url, body, {}, expect)).body;
}

/** Opens a 2025-11-25 session on a started server that keeps them; resolves with its id. */
export async function openSession(started) {
  return sessionOf({ ...started, sessionId: undefined });
}

async function sessionOf(started) {
  if (started.sessionId === undefined) {
    const initialize = {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } },
    };
    const { headers } = await post(started.agent, started.url, initialize, {}, '"protocolVersion"');
    started.sessionId = headers["mcp-session-id"];
    if (started.sessionId === undefined) throw new Error("initialize gave no Mcp-Session-Id: is the server stateless?");
    await postNotification(started, { jsonrpc: "2.0", method: "notifications/initialized" });
  }
  return started.sessionId;
}

function postNotification(started, body) {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent: started.agent,
        host: started.url.hostname,
        port: started.url.port,
        path: started.url.pathname,
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "Content-Length": Buffer.byteLength(text),
          "Mcp-Session-Id": started.sessionId,
          "MCP-Protocol-Version": "2025-11-25",
        },
      },
      (res) => {
        res.resume().on("end", () => (res.statusCode === 202 ? resolve() : reject(new Error(`notification: HTTP ${res.statusCode}`))));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/**
 * Runs `rounds` rounds of `calls` calls per era against every server of `servers`, after
 * `warmup` calls per era each. Returns per server key and era: an array of µs of server CPU per
 * call, one per round. A server that does not serve an era (`eras` on the server) is skipped there.
 */
export async function httpCpuRounds(servers, { eras, rounds, calls, warmup, concurrency, onRound }) {
  const started = [];
  try {
    for (const server of servers) started.push(await startHttpServer(server));
    const out = Object.fromEntries(servers.map((s) => [s.key, Object.fromEntries(eras.map((era) => [era, []]))]));
    const serves = (server, era) => (server.eras ?? ["2025-11-25", "2026-07-28"]).includes(era);
    for (const [i, server] of servers.entries()) for (const era of eras) if (serves(server, era)) await load(started[i], era, warmup, concurrency);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let round = 0; round < rounds; round++) {
      onRound?.(round);
      for (const era of eras) {
        for (let k = 0; k < servers.length; k++) {
          const i = (k + round) % servers.length;
          if (!serves(servers[i], era)) continue;
          out[servers[i].key][era].push(((await cpuOfLoad(started[i], era, calls, concurrency)) * 1000) / calls);
        }
      }
    }
    return out;
  } finally {
    for (const s of started) s.stop();
  }
}
