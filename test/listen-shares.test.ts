import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

const SERVER = fromRoot("test/fixtures/dist/tc39/scale-out.js");

/** An open (or refused) `subscriptions/listen` request, sent from `localAddress` (another loopback address is another client). */
interface Listen {
  status: number;
  /** The first body bytes: the acknowledgement, or the refusal. */
  first: string;
  /** Resolves once the server has closed the stream. */
  ended: Promise<void>;
  close(): void;
}

let nextId = 1;

function listen(url: string, localAddress = "127.0.0.1"): Promise<Listen> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: nextId++,
    method: "subscriptions/listen",
    params: {
      notifications: { resourceSubscriptions: ["board://main"] },
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "listen-shares", version: "0" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  });
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      localAddress,
      agent: false,
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": "subscriptions/listen",
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      res.setEncoding("utf8");
      const ended = new Promise<void>((done) => res.once("close", done));
      res.once("data", (first: string) => resolve({ status: res.statusCode ?? 0, first, ended, close: () => req.destroy() }));
    });
    req.end(body);
  });
}

describe("subscriptions/listen streams are shared out per client", () => {
  let server: HttpServerProcess;
  const open: Listen[] = [];

  beforeAll(async () => {
    server = await startHttpServer(SERVER, ["--stateless"]);
  });
  afterAll(async () => {
    for (const l of open) l.close();
    await server?.stop();
  });

  test("one client that opens stream after stream is stopped at its share, and another client still gets one", async () => {
    // The attack of issue #27: one address asks for streams until it is refused (today's server-wide cap is 1,024).
    let refused: Listen | undefined;
    for (let i = 0; i < 1100 && !refused; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => listen(server.url)));
      for (const l of batch) (l.status === 200 && l.first.includes("subscriptions/acknowledged") ? open : []).push(l);
      refused = batch.find((l) => !(l.status === 200 && l.first.includes("subscriptions/acknowledged")));
    }
    expect(open.length).toBe(16);
    expect(refused?.status).toBe(429);
    expect(refused?.first).toContain("Too many subscriptions/listen streams from this client (its share is 16)");
    const other = await listen(server.url, "127.0.0.2");
    open.push(other);
    expect(other.status).toBe(200);
    expect(other.first).toContain("subscriptions/acknowledged");
  });
});

test("a listen stream that delivers nothing for --listen-idle seconds is closed", { timeout: 60_000 }, async () => {
  const server = await startHttpServer(SERVER, ["--stateless", "--listen-idle", "1"]);
  try {
    const stream = await listen(server.url);
    expect(stream.first).toContain("subscriptions/acknowledged");
    // Closed after its 1 s idle, not held open: 15 s is room for a loaded machine, not the limit under test.
    const closedWithin = await Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))]);
    stream.close();
    expect(closedWithin).toBe(true);
  } finally {
    await server.stop();
  }
});
