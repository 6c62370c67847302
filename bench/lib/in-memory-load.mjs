// Loaded last into an HTTP server process (`node [--import servers/otel-sdk.mjs] --import
// lib/in-memory-load.mjs server.js …`, by bench/trace-gap.mjs): drives the process's own
// node:http server through in-memory sockets, so no kernel work (socket writes, the client's
// wake-ups, which grow with how slow a server is) and no other process's scheduling lands in
// what is measured. GAP_CONNECTIONS connections keep one `tools/call add` each in flight (as the
// HTTP CPU rounds keep 16); after GAP_WARMUP calls, GAP_CALLS are measured, then one JSON line
// goes to stderr and the process exits:
//   { cpuUs, mainUs, scavenges, promotedB, oldAllocatedB, gcMs } per call: CPU of the whole
//   process (GC helper threads included), of its main thread alone, and what V8's own GC
//   profiler saw: bytes scavenges moved to old space, and bytes allocated there directly between
//   collections (hidden classes made per call, pretenured objects).
// GAP_ERA picks the era's request (2025-11-25 unless 2026-07-28).
import fs from "node:fs";
import http from "node:http";
import { Duplex } from "node:stream";
import v8 from "node:v8";

const CONNECTIONS = Number(process.env.GAP_CONNECTIONS ?? 16);
const WARMUP = Number(process.env.GAP_WARMUP ?? 15_000);
const CALLS = Number(process.env.GAP_CALLS ?? 10_000);
const modern = process.env.GAP_ERA === "2026-07-28";
const params = { name: "add", arguments: { a: 2, b: 3 } };
if (modern) params._meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params });
const eraHeaders = modern ? "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: add\r\n" : "";
const REQUEST = Buffer.from(
  `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${eraHeaders}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
);

// One end of an in-memory socket: what is written to it is pushed to its peer.
class MemorySocket extends Duplex {
  remoteAddress = "127.0.0.1";
  remotePort = 50_000;
  localAddress = "127.0.0.1";
  localPort = 3000;
  peer = undefined;
  _read() {}
  _write(chunk, _encoding, done) {
    this.peer.push(chunk);
    done();
  }
  setTimeout() {
    return this;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
}

const createServer = http.createServer;
http.createServer = function (...args) {
  const server = createServer.apply(this, args);
  server.once("listening", () => setImmediate(() => drive(server)));
  return server;
};

const mainThreadNs = () => Number(fs.readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]);

function drive(server) {
  let toSend = 0;
  let outstanding = 0;
  let onDone = () => undefined;
  const clients = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const client = new MemorySocket();
    const socket = new MemorySocket();
    client.peer = socket;
    socket.peer = client;
    server.emit("connection", socket);
    clients.push(client);
    let text = "";
    let need = -1;
    client.setEncoding("latin1").on("data", (chunk) => {
      text += chunk;
      for (;;) {
        if (need < 0) {
          const end = text.indexOf("\r\n\r\n");
          if (end < 0) return;
          need = end + 4 + Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? Number.NaN);
          if (!text.startsWith("HTTP/1.1 200") || Number.isNaN(need)) throw new Error(`unexpected answer: ${text.slice(0, 300)}`);
        }
        if (text.length < need) return;
        if (!text.slice(0, need).includes('"result":5')) throw new Error(`wrong answer: ${text.slice(0, need)}`);
        text = text.slice(need);
        need = -1;
        if (toSend > 0) {
          toSend--;
          client.write(REQUEST);
        }
        if (--outstanding === 0) onDone();
      }
    });
  }
  const load = (calls, then) => {
    toSend = calls - CONNECTIONS;
    outstanding = calls;
    onDone = then;
    for (const client of clients) client.write(REQUEST);
  };
  load(WARMUP, () =>
    setImmediate(() => {
      const profiler = new v8.GCProfiler();
      profiler.start();
      const cpu = process.cpuUsage();
      const main = mainThreadNs();
      load(CALLS, () => {
        const used = process.cpuUsage(cpu);
        const mainNs = mainThreadNs() - main;
        const gcs = profiler.stop().statistics;
        const scavenges = gcs.filter((gc) => gc.gcType === "Scavenge");
        // What a scavenge moved into old space: its old space after less before.
        const old = (stats) => stats.heapSpaceStatistics.find((space) => space.spaceName === "old_space").spaceUsedSize;
        const promoted = scavenges.reduce((sum, gc) => sum + old(gc.afterGC) - old(gc.beforeGC), 0);
        const result = {
          cpuUs: (used.user + used.system) / CALLS,
          mainUs: mainNs / 1000 / CALLS,
          scavenges: scavenges.length,
          promotedB: promoted / CALLS,
          // Old space's growth from each collection's end to the next one's start.
          oldAllocatedB: gcs.slice(1).reduce((sum, gc, i) => sum + old(gc.beforeGC) - old(gcs[i].afterGC), 0) / CALLS,
          gcMs: gcs.reduce((sum, gc) => sum + gc.cost / 1000, 0),
        };
        fs.writeSync(2, `[gap ${JSON.stringify(result)}]\n`);
        process.exit(0);
      });
    }),
  );
}
