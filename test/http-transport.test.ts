import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { connectHttp, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { CALC_SERVER, fromRoot } from "./support/paths.js";

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};
type ErrorBody = { error: { code: number; message: string } };
const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { ...MCP_HEADERS, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

describe("the HTTP transport's safe defaults", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(CALC_SERVER, ["--max-sessions", "2"]);
  });
  afterAll(() => server.stop());

  test("binds to loopback and answers /healthz", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const res = await fetch(new URL("/healthz", server.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("refuses a foreign Host with 403 and names the flag to set", async () => {
    // fetch() will not let a page set Host; node's http module will.
    const { request } = await import("node:http");
    const url = new URL(server.url);
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { ...MCP_HEADERS, Host: "attacker.example:80" } },
        (res) => {
          let body = "";
          res
            .setEncoding("utf8")
            .on("data", (c: string) => (body += c))
            .on("end", () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(INITIALIZE));
    });
    expect(status.status).toBe(403);
    expect(JSON.parse(status.body).error.message).toContain("--allowed-hosts attacker.example");
  });

  test("refuses a foreign Origin with 403 and accepts a loopback one", async () => {
    const foreign = await post(server.url, INITIALIZE, { Origin: "https://attacker.example" });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as ErrorBody).error.message).toContain("--allowed-origins https://attacker.example");
    const local = await post(server.url, INITIALIZE, { Origin: "http://localhost:5173" });
    expect(local.status).toBe(200);
    await fetch(server.url, { method: "DELETE", headers: { "Mcp-Session-Id": local.headers.get("mcp-session-id")! } });
  });

  test.each([
    ["a declared Content-Length", true],
    ["a chunked body that grows past the limit", false],
  ])("answers an oversized body (%s) with 413 without buffering it", async (_kind, declareLength) => {
    const { status, body } = await sendLargeBody(server.url, 5 * 1024 * 1024, declareLength);
    expect(status).toBe(413);
    expect(JSON.parse(body).error.message).toBe("Request body exceeds the 4194304-byte limit.");
  });

  test("answers malformed JSON with a -32700 error", async () => {
    const res = await post(server.url, "{nope");
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe(-32700);
  });

  test("answers an unknown session with 404 and a request without one with 400", async () => {
    const unknown = await post(server.url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, { "Mcp-Session-Id": "no-such-session" });
    expect(unknown.status).toBe(404);
    const missing = await post(server.url, { jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(missing.status).toBe(400);
  });

  test("checks the MCP-Protocol-Version header", async () => {
    const init = await post(server.url, INITIALIZE);
    const session = init.headers.get("mcp-session-id")!;
    const res = await post(server.url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, { "Mcp-Session-Id": session, "MCP-Protocol-Version": "1999-01-01" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/Unsupported protocol version/);
    await fetch(server.url, { method: "DELETE", headers: { "Mcp-Session-Id": session } });
  });

  test("answers a plain call in a session with one JSON body that names the session, once the client has initialized", async () => {
    const init = await post(server.url, INITIALIZE);
    const session = init.headers.get("mcp-session-id")!;
    const inSession = { "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25" };
    try {
      expect((await post(server.url, { jsonrpc: "2.0", method: "notifications/initialized" }, inSession)).status).toBe(202);
      const call = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "add", arguments: { a: 2, b: 3 } } };
      const res = await post(server.url, call, inSession);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("mcp-session-id")).toBe(session);
      expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: 7, result: { structuredContent: { result: 5 } } });
      // Wrong arguments are still refused in words on this path.
      const wrong = await post(server.url, { ...call, id: 8, params: { name: "add", arguments: { a: "two", b: 3 } } }, inSession);
      expect(await wrong.json()).toMatchObject({
        id: 8,
        result: { isError: true, content: [{ text: 'Invalid arguments for tool "add":\n- a: expected number, got string "two"' }] },
      });
    } finally {
      await fetch(server.url, { method: "DELETE", headers: inSession });
    }
  });

  test("gives each session a random id and refuses sessions past the cap with 503", async () => {
    const a = await connectHttp(server.url);
    const b = await connectHttp(server.url);
    try {
      const third = await post(server.url, INITIALIZE);
      expect(third.status).toBe(503);
      expect(((await third.json()) as ErrorBody).error.message).toBe("Too many sessions in use (limit 2); try again later.");
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("bearer-token protection", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(CALC_SERVER, [], { MCP_AUTH_TOKEN: "s3cret-token" });
  });
  afterAll(() => server.stop());

  test("answers a missing token with 401 and a WWW-Authenticate challenge", async () => {
    const res = await post(server.url, INITIALIZE);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="mcp"');
  });

  test("answers a wrong token with 401", async () => {
    const res = await post(server.url, INITIALIZE, { Authorization: "Bearer wrong" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="mcp", error="invalid_token", error_description="The token was refused."');
  });

  test("serves a client that sends the right token", async () => {
    const client = await connectHttp(server.url, { Authorization: "Bearer s3cret-token" });
    const result = await client.callTool({ name: "add", arguments: { a: 1, b: 2 } });
    expect(result.structuredContent).toEqual({ result: 3 });
    await client.close();
  });
});

describe("OAuth protected-resource metadata", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(fromRoot("test/fixtures/dist/tc39/oauth.js"));
  });
  afterAll(() => server.stop());

  test("publishes the RFC 9728 document naming the authorization server", async () => {
    const res = await fetch(new URL("/.well-known/oauth-protected-resource/mcp", server.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      resource: server.url,
      authorization_servers: ["https://auth.example.com"],
      bearer_methods_supported: ["header"],
    });
  });

  test("points an unauthenticated client at that document", async () => {
    const res = await post(server.url, INITIALIZE);
    expect(res.status).toBe(401);
    const metadata = new URL("/.well-known/oauth-protected-resource/mcp", server.url).href;
    expect(res.headers.get("www-authenticate")).toBe(`Bearer realm="mcp", resource_metadata="${metadata}"`);
  });

  test("leaves the token check to the author's verifyToken", async () => {
    expect((await post(server.url, INITIALIZE, { Authorization: "Bearer forged" })).status).toBe(401);
    const client = await connectHttp(server.url, { Authorization: "Bearer issued-by-auth-example" });
    expect((await client.callTool({ name: "echo", arguments: { text: "hi" } })).content).toEqual([{ type: "text", text: "hi" }]);
    await client.close();
  });
});

describe("graceful shutdown", () => {
  let server: HttpServerProcess | undefined;
  afterEach(async () => {
    server?.child.kill("SIGKILL");
    server = undefined;
  });

  test("finishes a call in flight when SIGTERM arrives, then exits 0", async () => {
    server = await startHttpServer(fromRoot("test/fixtures/dist/tc39/tc39.js"));
    const client = await connectHttp(server.url);
    const call = client.callTool({ name: "slow", arguments: { ms: 700 } });
    // Sent once the tool runs: a signal that came before the request reached the server would
    // find no call in flight, and a loaded machine can take longer than any guess to get it there.
    await server.stderrSays("[slow] started, 700 ms");
    server.child.kill("SIGTERM");
    const result = await call;
    expect(result.structuredContent).toEqual({ result: 700 });
    expect(await server.exited()).toBe(0);
  });
});

/** POSTs `size` bytes in 64 KiB chunks and resolves with the response, however early it comes. */
async function sendLargeBody(url: string, size: number, declareLength: boolean): Promise<{ status: number; body: string }> {
  const { request } = await import("node:http");
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...MCP_HEADERS };
    if (declareLength) headers["Content-Length"] = size;
    const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers }, (res) => {
      let body = "";
      res
        .setEncoding("utf8")
        .on("data", (c: string) => (body += c))
        .on("end", () => resolve({ status: res.statusCode!, body }));
    });
    // The server may close the connection before the upload ends: that is the point.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 120);
    let sent = 0;
    const pump = (): void => {
      while (sent < size && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}
