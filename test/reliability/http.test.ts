import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectHttp, jsonRpcAnswer, startHttpServer, type HttpServerProcess } from "../support/http-server.js";
import { fromRoot } from "../support/paths.js";
import { INITIALIZE, RELIABILITY_SERVER, within } from "./support.js";

type ErrorBody = { id?: unknown; error: { code: number; message: string } };

/** A raw request, so paths and headers reach the server exactly as written (fetch normalizes `/x/../mcp`). */
function raw(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: { Host: `127.0.0.1:${port}`, ...options.headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The JSON-RPC answer of a POST: its JSON body, or the last message of its SSE stream. */
async function answerOf(res: Response): Promise<any> {
  return jsonRpcAnswer(await res.text(), res.headers.get("content-type"));
}

const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
}

describe("HTTP (stateful) guards", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(RELIABILITY_SERVER, ["--max-sessions", "20", "--allowed-origins", "https://app.example"]);
  });
  afterAll(async () => {
    await server.stop();
  });

  test("an Origin whose name only starts with 127. is refused; a loopback one is accepted", async () => {
    const hostile = await post(server.url, INITIALIZE, { Origin: "http://127.attacker.example" });
    expect(hostile.status).toBe(403);
    expect(((await hostile.json()) as ErrorBody).error.message).toMatch(/^Origin "http:\/\/127\.attacker\.example" is not allowed/);
    const local = await post(server.url, INITIALIZE, { Origin: "http://127.0.0.1:6274" });
    expect(local.status).toBe(200);
  });

  test("CORS: a preflight from an allowed origin is answered, and responses expose the session id", async () => {
    const preflight = await fetch(server.url, {
      method: "OPTIONS",
      headers: { Origin: "https://app.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type, mcp-session-id" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Mcp-Session-Id/);
    const init = await post(server.url, INITIALIZE, { Origin: "https://app.example" });
    expect(init.status).toBe(200);
    expect(init.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(init.headers.get("access-control-expose-headers")).toMatch(/Mcp-Session-Id/);
    const other = await fetch(server.url, { method: "OPTIONS", headers: { Origin: "https://evil.example" } });
    expect(other.status).toBe(403);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("paths are matched exactly: //, //evil.com/mcp, /x/../mcp and /mcp/ are 404, with no stack trace logged", async () => {
    for (const path of ["//", "//evil.com/mcp", "/x/../mcp", "/mcp/", "/%6dcp"]) {
      const res = await raw(server.url, {
        path,
        method: path === "//" ? "GET" : "POST",
        headers: JSON_HEADERS,
        body: path === "//" ? undefined : JSON.stringify(INITIALIZE),
      });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect(server.stderr()).not.toMatch(/HTTP request failed|at .*\.js:\d+/);
  });

  test("an aborted upload logs nothing", async () => {
    const { port } = new URL(server.url);
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), "127.0.0.1", () => {
          socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"jsonrpc":`);
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 100);
        });
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.stderr()).not.toMatch(/HTTP request failed|aborted|ECONNRESET/);
  });

  test("/healthz checks Host and reports no session count", async () => {
    const wrongHost = await raw(server.url, { path: "/healthz", headers: { Host: "evil.example" } });
    expect(wrongHost.status).toBe(403);
    const ok = await raw(server.url, { path: "/healthz" });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ status: "ok" });
  });

  test("a malformed Host is refused, however it starts: localhost:evil, [::1]evil.com, a port over 65535", async () => {
    for (const host of ["localhost:evil", "[::1]evil.com", "127.0.0.1:99999", "localhost:", "localhost:80:80", "localhost@evil.com"]) {
      const res = await raw(server.url, { path: "/healthz", headers: { Host: host } });
      expect([host, res.status]).toEqual([host, 403]);
      expect(JSON.parse(res.body).error.message).toContain(`Host "${host}" is not allowed`);
    }
    for (const host of ["localhost", "LOCALHOST:3000", "[::1]:8080", "127.0.0.1:1"]) {
      expect([host, (await raw(server.url, { path: "/healthz", headers: { Host: host } })).status]).toEqual([host, 200]);
    }
  });

  test("batches are refused with -32600 for each request, as on stdio", async () => {
    const res = await post(server.url, [INITIALIZE, { jsonrpc: "2.0", id: 9, method: "ping" }]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody[];
    expect(body.map((e) => [e.id, e.error.code])).toEqual([
      [0, -32600],
      [9, -32600],
    ]);
    expect(body[0]!.error.message).toMatch(/batches are not part of MCP/);
  });

  test("one client opening every session does not lock out the next: unused sessions give way", async () => {
    // 40 handshakes against a cap of 20, none used afterwards: before, the 21st and later got 503.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await post(server.url, INITIALIZE)).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const client = await connectHttp(server.url);
    try {
      const result = await client.callTool({ name: "echo", arguments: { text: "still here" } });
      expect(result.structuredContent).toEqual({ result: 10 });
    } finally {
      await client.close();
    }
  });

  test("a silent call's SSE stream opens at once, and is closed at once when cancelled, not kept alive until shutdown", async () => {
    const init = await post(server.url, INITIALIZE);
    const session = init.headers.get("mcp-session-id")!;
    const headers = { "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25" };
    await post(server.url, { jsonrpc: "2.0", method: "notifications/initialized" }, headers);
    // The head comes at once, not with the SDK's first keep-alive 15 s later (10 s leaves a loaded machine room).
    const call = await within(
      10_000,
      post(server.url, { jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "wait", arguments: { ms: 60_000 } } }, headers),
      "the silent call's response head",
    );
    expect(call.headers.get("content-type")).toMatch(/text\/event-stream/);
    const ended = call.text();
    // Cancelled once the tool runs: a cancel that came first would find no call to stop.
    await server.stderrSays("[wait] started, 60000 ms");
    const cancel = await post(server.url, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5, reason: "user" } }, headers);
    expect(cancel.status).toBe(202);
    await within(10_000, ended, "the cancelled call's stream to end");
    // Said on stderr, which reaches this process apart from the stream, and maybe after its end.
    await server.stderrSays("[wait] cancelled after being asked for 60000 ms");
  });
});

describe("HTTP per-client session limit", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(RELIABILITY_SERVER, ["--max-sessions", "10", "--max-sessions-per-client", "3"]);
  });
  afterAll(async () => {
    await server.stop();
  });

  test("a client past its own limit loses its own oldest session, and is never refused", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(server.url, INITIALIZE);
      expect(res.status).toBe(200);
      ids.push(res.headers.get("mcp-session-id")!);
    }
    const ping = (id: string) => post(server.url, { jsonrpc: "2.0", id: 1, method: "ping" }, { "Mcp-Session-Id": id, "MCP-Protocol-Version": "2025-11-25" });
    expect((await ping(ids[0]!)).status).toBe(404);
    expect((await ping(ids[1]!)).status).toBe(404);
    expect((await ping(ids[4]!)).status).toBe(200);
  });
});

describe("HTTP (stateless) tells the truth", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(RELIABILITY_SERVER, ["--stateless"]);
  });
  afterAll(async () => {
    await server.stop();
  });

  test("does not advertise list changes or subscriptions it cannot deliver", async () => {
    const res = await post(server.url, INITIALIZE);
    const body = (await answerOf(res)) as { result: { capabilities: Record<string, unknown> } };
    expect(body.result.capabilities).toEqual({ tools: {}, logging: {} });
  });

  test("notifications/cancelled is refused in words: nothing links it to the call without a session", async () => {
    const res = await post(server.url, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7, reason: "changed my mind" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(
      /^notifications\/cancelled cannot reach a call on a stateless server \(--stateless\): .* Cancel a call by closing its HTTP request/,
    );
  });

  test("a 2026-07-28 client that closes its request cancels the call", async () => {
    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
    await abandonWaitCall(
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "wait", arguments: { ms: 44_000 }, _meta: meta } },
      { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "wait" },
    );
    await server.stderrSays("[wait] cancelled after being asked for 44000 ms");
  });

  test("a client that disconnects mid-call cancels the call", async () => {
    await abandonWaitCall({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "wait", arguments: { ms: 45_000 } } });
    await server.stderrSays("[wait] cancelled after being asked for 45000 ms");
  });

  /** Posts `body` (a call of `wait`), then drops the connection once the call runs, as a client that goes away mid-call does. */
  async function abandonWaitCall(
    body: { jsonrpc: "2.0"; id: number; method: "tools/call"; params: { name: "wait"; arguments: { ms: number }; _meta?: object } },
    headers: Record<string, string> = {},
  ): Promise<void> {
    const controller = new AbortController();
    const aborted = fetch(server.url, {
      method: "POST",
      headers: { ...JSON_HEADERS, ...headers },
      body: JSON.stringify(body),
      signal: controller.signal,
    }).catch(() => undefined);
    // Not a guessed half second: dropped before the server has the request, nothing would run to cancel.
    await server.stderrSays(`[wait] started, ${body.params.arguments.ms} ms`);
    controller.abort();
    await aborted;
  }
});

describe("HTTP (stateless) says why sampling cannot work", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(fromRoot("test/fixtures/dist/tc39/rich.js"), ["--stateless"]);
  });
  afterAll(async () => {
    await server.stop();
  });

  test("a tool that samples is refused naming the server's mode, not blaming the client", async () => {
    const res = await post(server.url, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask", arguments: { question: "why?" } } });
    const body = (await answerOf(res)) as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0]!.text).toMatch(/^This server runs over stateless HTTP \(--stateless\), which keeps no session/);
  });

  test("progress and log messages stream on the POST's own SSE answer when the client takes one", async () => {
    const call = (id: number, name: string, args: Record<string, unknown>) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name, arguments: args, _meta: { progressToken: "p1" } },
    });
    const res = await post(server.url, call(2, "count", { to: 3 }));
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const messages = [...(await res.text()).matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!));
    expect(messages.filter((m) => m.method === "notifications/progress").map((m) => m.params.progress)).toEqual([1, 2, 3]);
    expect(messages.at(-1)).toMatchObject({ id: 2, result: { structuredContent: { result: 3 } } });
    const logs = await post(server.url, call(3, "chatter", {}));
    const logged = [...(await logs.text()).matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!)).filter((m) => m.method === "notifications/message");
    expect(logged.map((m) => m.params.level)).toEqual(["debug", "info", "warning", "error"]);
  });
});

describe("HTTP with a token", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(RELIABILITY_SERVER, [], { MCP_AUTH_TOKEN: "s3cret-token" });
  });
  afterAll(async () => {
    await server.stop();
  });

  test("/healthz needs the token like every other path", async () => {
    expect((await raw(server.url, { path: "/healthz" })).status).toBe(401);
    const ok = await raw(server.url, { path: "/healthz", headers: { Authorization: "Bearer s3cret-token" } });
    expect([ok.status, JSON.parse(ok.body)]).toEqual([200, { status: "ok" }]);
  });
});
