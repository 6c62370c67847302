import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startHttpServer, type HttpServerProcess } from "../support/http-server.js";
import { fromRoot } from "../support/paths.js";
import { RELIABILITY_SERVER, within } from "./support.js";

// A stateless 2025-11-25 server answers plain requests on protocol servers it keeps (one per
// request id in flight) and answers with a JSON body unless the call streams something first.

const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

function call(url: string, id: number, name: string, args: Record<string, unknown>, meta?: Record<string, unknown>): Promise<Response> {
  const params = { name, arguments: args, ...(meta ? { _meta: meta } : {}) };
  return fetch(url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }) });
}

/** Starts a 41 s call with `id`, leaves once it runs, and waits until the server says it cancelled it. */
async function leaveMidCall(server: HttpServerProcess, id: number): Promise<void> {
  const controller = new AbortController();
  const left = fetch(server.url, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "wait", arguments: { ms: 41_000 } } }),
    signal: controller.signal,
  }).catch(() => undefined);
  // Left once the call is running, whatever the machine's load.
  await server.stderrSays("[wait] started, 41000 ms");
  controller.abort();
  await left;
  await server.stderrSays("[wait] cancelled after being asked for 41000 ms");
}

describe("stateless HTTP answers (2025-11-25)", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(RELIABILITY_SERVER, ["--stateless"]);
  });
  afterAll(async () => {
    await server.stop();
  });

  test("a call that sends nothing before its result is answered with a JSON body", async () => {
    const res = await call(server.url, 7, "echo", { text: "hello" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      id: 7,
      result: { content: [{ type: "text", text: "5" }], structuredContent: { result: 5 } },
    });
  });

  test("tools/list is answered with a JSON body too", async () => {
    const res = await fetch(server.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: "l", method: "tools/list" }) });
    expect(res.headers.get("content-type")).toBe("application/json");
    const body = (await res.json()) as { id: string; result: { tools: Array<{ name: string }> } };
    expect(body.id).toBe("l");
    expect(body.result.tools.map((t) => t.name)).toContain("echo");
  });

  test("calls with the same id at once each get their own answer", async () => {
    const answers = await Promise.all([
      call(server.url, 1, "wait", { ms: 300 }),
      call(server.url, 1, "echo", { text: "abc" }),
      call(server.url, 1, "echo", { text: "hello!" }),
    ]).then((responses) => Promise.all(responses.map((r) => r.json() as Promise<{ id: number; result: { content: Array<{ text: string }> } }>)));
    expect(answers.map((a) => [a.id, a.result.content[0]!.text])).toEqual([
      [1, "done"],
      [1, "3"],
      [1, "6"],
    ]);
  });

  test("after a client leaves mid-call, the call is cancelled and the next call with its id is answered", async () => {
    await leaveMidCall(server, 5);
    const res = await call(server.url, 5, "echo", { text: "again" });
    expect(await res.json()).toMatchObject({ id: 5, result: { structuredContent: { result: 5 } } });
  });

  test("a client that accepts only JSON is still refused with 406, in the SDK's words", async () => {
    const res = await fetch(server.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(res.status).toBe(406);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "Not Acceptable: Client must accept both application/json and text/event-stream",
    );
  });

  test("an unknown MCP-Protocol-Version header is still refused with 400", async () => {
    const res = await fetch(server.url, {
      method: "POST",
      headers: { ...HEADERS, "MCP-Protocol-Version": "1999-01-01" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^Bad Request: Unsupported protocol version: 1999-01-01/);
  });
});

describe("a stateless server whose client left mid-call", () => {
  test("counts the call as done: SIGTERM's drain does not wait for it until the deadline", async () => {
    // A deadline of 10 minutes, not the default 10 s: before, the left call stayed counted and the
    // drain waited out its whole deadline, so an exit within the test's time tells the two apart
    // however loaded the machine is, with no race between two clocks.
    const server = await startHttpServer(RELIABILITY_SERVER, ["--stateless"], { RELIABILITY_SHUTDOWN_DEADLINE_MS: "600000" });
    try {
      await leaveMidCall(server, 9);
      server.child.kill("SIGTERM");
      expect(await within(50_000, server.exited(), "exit after SIGTERM: the drain still counts the left call")).toBe(0);
    } finally {
      // A drain that hangs would outlive the test by ten minutes.
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await server.exited();
    }
  }, 60_000);
});

describe("stateless HTTP keeps no client's state for the next", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(fromRoot("test/fixtures/dist/tc39/rich.js"), ["--stateless"]);
  });
  afterAll(async () => {
    await server.stop();
  });

  test("a client's initialize declaring sampling does not make a later call think it can sample", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: { sampling: {} }, clientInfo: { name: "sampler", version: "0" } },
    };
    expect((await fetch(server.url, { method: "POST", headers: HEADERS, body: JSON.stringify(initialize) })).status).toBe(200);
    const res = await call(server.url, 1, "ask", { question: "why?" });
    const body = (await res.json()) as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0]!.text).toMatch(/^This server runs over stateless HTTP \(--stateless\), which keeps no session/);
  });
});
