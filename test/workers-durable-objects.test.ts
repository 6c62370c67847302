import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { jsonRpcAnswer, rpc2026 } from "./support/http-server.js";
import { sseEvents } from "./support/sse-events.js";
import { accessToken } from "./support/access-token.js";
import { startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { request2026 } from "./support/request-2026.js";
import { installRuntimes, startUnder } from "./support/runtimes.js";
import { buildWorkersStateBundle, startWorkerdWithState, WORKERS_STATE_BUNDLE as BUNDLE, type StateStorage } from "./support/workerd-state.js";

// A Workers build with the MCP_STATE Durable Object namespace bound, under workerd from npm with
// the objects kept in memory (and, for the restart, on local disk). The build runs as two Workers,
// each its own isolate, on the same objects (see startWorkerdWithState), and the requests of each
// test alternate between them: what a request leaves behind (a task, a session, a stream's
// events) is there for the next request in the other isolate, and a change made in one isolate
// reaches a client listening on the other. Nothing is held by the test between requests but ids.

// The same install as the platform tests (test/platforms.test.ts): one folder, kept between runs.
const found = installRuntimes().workerd;
const WORKERD = "bin" in found ? found.bin : "";
const missing = "missing" in found ? found.missing : undefined;

type Answer = { result?: Record<string, any>; error?: { code: number; message: string } };

/** A 2025-11-25 client spoken as raw JSON-RPC (tasks have no client helper), one HTTP request per message, to each of `urls` in turn. */
async function openSession(urls: string[], sessionId?: string) {
  let next = 1;
  let sent = 0;
  const send = async (method: string, params: Record<string, unknown>, notification = false): Promise<Answer> => {
    const res = await fetch(urls[sent++ % urls.length]!, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        ...(sessionId ? { "Mcp-Session-Id": sessionId, "MCP-Protocol-Version": "2025-11-25" } : {}),
      },
      body: JSON.stringify({ jsonrpc: "2.0", method, params, ...(notification ? {} : { id: next++ }) }),
      signal: AbortSignal.timeout(10_000),
    });
    sessionId ??= res.headers.get("mcp-session-id") ?? undefined;
    const text = await res.text();
    if (notification) return {};
    if (!res.ok && !text.startsWith("{") && !text.includes("data:")) return { error: { code: res.status, message: text } };
    return jsonRpcAnswer(text, res.headers.get("content-type")) as Answer;
  };
  if (sessionId === undefined) {
    await send("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "workers-durable", version: "0" } });
    await send("notifications/initialized", {}, true);
  }
  return { send, id: () => sessionId! };
}

/** A 2025-11-25 tools/call without a session, answered as SSE (its progress too, with `progress`). */
function callTool(
  url: string,
  name: string,
  args: Record<string, unknown>,
  { progress = false, headers = {}, timeoutMs = 10_000 }: { progress?: boolean; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args, ...(progress ? { _meta: { progressToken: "p" } } : {}) },
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/**
 * Polls `tasks/get` (each poll its own request) every `everyMs` until the task leaves `working`,
 * for at most `withinMs` (a bound on a wait that would hang, with room for a loaded machine).
 */
async function pollUntilDone(
  send: (method: string, params: Record<string, unknown>) => Promise<Answer>,
  taskId: string,
  { withinMs = 15_000, everyMs = 50 }: { withinMs?: number; everyMs?: number } = {},
): Promise<Answer> {
  let state = await send("tasks/get", { taskId });
  for (const deadline = Date.now() + withinMs; state.result?.status === "working" && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    state = await send("tasks/get", { taskId });
  }
  return state;
}

/** Resolves once `heard()` holds, or after 15 s (room for a loaded machine): the caller asserts. */
async function until(heard: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 15_000; !heard() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.skipIf(missing !== undefined)(`a Workers build on Durable Objects under workerd${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let server: Awaited<ReturnType<typeof startWorkerdWithState>>;
  // The two isolates, each request to the next.
  let both: string[];
  beforeAll(async () => {
    buildWorkersStateBundle();
    // The secret every isolate signs 2026-07-28 requestState with, so a round started in one finishes in the other.
    server = await startWorkerdWithState(
      WORKERD,
      BUNDLE,
      { kind: "memory" },
      { bindings: { MCP_REQUEST_STATE_KEY: "workers-state-test-key-of-32-bytes-or-more" } },
    );
    both = [server.url, server.twinUrl];
  }, 150_000);
  afterAll(() => server?.stop());

  test("a task created in one request is polled to completion in later ones, and its result fetched in another", async () => {
    const { send } = await openSession(both);
    const created = await send("tools/call", { name: "slow", arguments: { ms: 300 }, task: { ttl: 60_000 } });
    const taskId = created.result?.task?.taskId as string;
    expect(created.result?.task).toMatchObject({ status: "working", ttl: 60_000 });
    const done = await pollUntilDone(send, taskId);
    expect(done.result).toMatchObject({ taskId, status: "completed" });
    const result = await send("tasks/result", { taskId });
    expect(result.result?.structuredContent).toEqual({ waited: 300 });
  }, 30_000);

  test("a 60-second task started by a request without a session runs on long after its response (past waitUntil's 30 s), and is polled to completion through the other isolate", async () => {
    const post = async (url: string, method: string, params: Record<string, unknown>): Promise<Answer> => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
        signal: AbortSignal.timeout(10_000),
      });
      return jsonRpcAnswer(await res.text(), res.headers.get("content-type")) as Answer;
    };
    const created = await post(server.url, "tools/call", { name: "slow", arguments: { ms: 60_000 }, task: { ttl: 300_000 } });
    const taskId = created.result?.task?.taskId as string;
    expect(created.result?.task?.status, JSON.stringify(created)).toBe("working");
    // The run is in the task's own object, not in the request: it is not cut when the request's waitUntil ends.
    const done = await pollUntilDone((method, params) => post(server.twinUrl, method, params), taskId, { withinMs: 150_000, everyMs: 1_000 });
    expect(done.result, server.output().slice(-2000)).toMatchObject({ taskId, status: "completed" });
    expect((await post(server.twinUrl, "tasks/result", { taskId })).result?.structuredContent).toEqual({ waited: 60_000 });
  }, 180_000);

  test("a 2025-11-25 session survives across requests, each its own connection", async () => {
    const first = await openSession([server.url]);
    expect(first.id()).toMatch(/^[0-9a-f-]{36}$/);
    const taskId = (await first.send("tools/call", { name: "slow", arguments: { ms: 10_000 }, task: { ttl: 60_000 } })).result?.task?.taskId as string;
    // A new client object that knows only the session id, through the other isolate: the session
    // is the same one (its tasks are listed, which a request outside it never sees).
    const again = await openSession([server.twinUrl], first.id());
    expect((await again.send("tasks/list", {})).result?.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([taskId]);
    expect((await again.send("tools/call", { name: "count", arguments: { steps: 2, intervalMs: 0 } })).result?.structuredContent).toEqual({ counted: 2 });
    // A closed session is gone for every isolate.
    const closed = await fetch(server.twinUrl, { method: "DELETE", headers: { "Mcp-Session-Id": first.id(), "MCP-Protocol-Version": "2025-11-25" } });
    expect(closed.status).toBe(200);
    await expect(first.send("tools/list", {})).resolves.toMatchObject({ error: { message: expect.stringMatching(/Session not found/) } });
    await expect((await openSession(both, "not-a-session")).send("tools/list", {})).resolves.toMatchObject({
      error: { message: expect.stringMatching(/Session not found/) },
    });
  }, 30_000);

  test("one session's tasks are never visible to another session", async () => {
    const mine = await openSession(both);
    const theirs = await openSession(both);
    const taskId = (await mine.send("tools/call", { name: "slow", arguments: { ms: 5_000 }, task: { ttl: 60_000 } })).result?.task?.taskId as string;
    expect((await mine.send("tasks/get", { taskId })).result?.status).toBe("working");
    expect((await theirs.send("tasks/get", { taskId })).error?.message).toMatch(/^Task not found/);
    expect((await theirs.send("tasks/list", {})).result?.tasks).toEqual([]);
    expect((await mine.send("tasks/list", {})).result?.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([taskId]);
    expect((await theirs.send("tasks/cancel", { taskId })).error?.message).toMatch(/^Task not found/);
  }, 30_000);

  test("a resumed stream gets every event after its last id, through a later request", async () => {
    // A 2025-11-25 call without a session, answered as SSE: each event is stored in the stream's object.
    const call = await fetch(server.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "count", arguments: { steps: 4, intervalMs: 0 }, _meta: { progressToken: "p" } },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const events = sseEvents(await call.text());
    expect(events.map((e) => e.message.method ?? "response")).toEqual([...Array(4).fill("notifications/progress"), "response"]);
    const resumed = await fetch(server.twinUrl, {
      headers: { Accept: "text/event-stream", "Last-Event-ID": events[1]!.id },
      signal: AbortSignal.timeout(10_000),
    });
    expect(resumed.status).toBe(200);
    expect(sseEvents(await resumed.text())).toEqual(events.slice(2));
    const unknown = await fetch(server.url, {
      headers: { Accept: "text/event-stream", "Last-Event-ID": "no-such-stream@1" },
      signal: AbortSignal.timeout(10_000),
    });
    expect(unknown.status).toBe(404);
  }, 30_000);

  test("a stream is resumed only by its owner: another address, or a request outside the session that wrote it, gets 404", async () => {
    // Cloudflare's edge names each client in CF-Connecting-IP; here the test plays the edge.
    const from = (address: string, headers: Record<string, string> = {}) => ({ "CF-Connecting-IP": address, ...headers });
    const countCall = (headers: Record<string, string>) => callTool(server.url, "count", { steps: 2, intervalMs: 0 }, { progress: true, headers });
    const resume = (lastEventId: string, headers: Record<string, string>) =>
      fetch(server.twinUrl, { headers: { Accept: "text/event-stream", "Last-Event-ID": lastEventId, ...headers }, signal: AbortSignal.timeout(10_000) });

    // Without a session, a stream is its caller's address's.
    const events = sseEvents(await (await countCall(from("198.51.100.1"))).text());
    const other = await resume(events[0]!.id, from("198.51.100.2"));
    expect(other.status).toBe(404);
    expect(await other.text()).toContain("Unknown Last-Event-ID");
    const own = await resume(events[0]!.id, from("198.51.100.1"));
    expect(sseEvents(await own.text())).toEqual(events.slice(1));

    // In a session, a stream is the session's: the same address without it gets nothing.
    const session = await openSession([server.url]);
    const sessionHeaders = from("198.51.100.3", { "Mcp-Session-Id": session.id(), "MCP-Protocol-Version": "2025-11-25" });
    const inSession = sseEvents(await (await countCall(sessionHeaders)).text());
    expect(inSession.at(-1)!.message.result?.structuredContent).toEqual({ counted: 2 });
    expect((await resume(inSession[0]!.id, from("198.51.100.3"))).status).toBe(404);
    const resumed = await resume(inSession[0]!.id, sessionHeaders);
    expect(resumed.status).toBe(200);
    expect(sseEvents(await resumed.text())).toEqual(inSession.slice(1));
  }, 30_000);

  test("a 5 MiB answer reaches a 2025 client whole, live and resumed through the other isolate, and a 2026 client too", async () => {
    const kilobytes = 5 * 1024;
    const expected = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n".repeat(kilobytes * 16);
    const call = await callTool(server.url, "text", { kilobytes }, { headers: { "MCP-Protocol-Version": "2025-11-25" }, timeoutMs: 30_000 });
    const text = await call.text();
    const live = sseEvents(text);
    expect(live).toHaveLength(1);
    expect(live[0]!.message.result.content[0].text === expected).toBe(true);
    expect(live[0]!.message.result.structuredContent).toBeUndefined();
    // The priming event comes first: resuming from it replays the answer, stored in parts.
    const priming = /^id: (.*)$/m.exec(text)![1]!;
    const resumed = await fetch(server.twinUrl, { headers: { Accept: "text/event-stream", "Last-Event-ID": priming }, signal: AbortSignal.timeout(30_000) });
    expect(resumed.status).toBe(200);
    const replayed = sseEvents(await resumed.text());
    expect(replayed.map((e) => e.message.result.content[0].text === expected)).toEqual([true]);
    const answer2026 = await fetch(request2026(server.twinUrl, "tools/call", { name: "text", arguments: { kilobytes } }));
    expect(((await answer2026.json()) as { result: { content: Array<{ text: string }> } }).result.content[0]!.text === expected).toBe(true);
  }, 60_000);

  test("an initialize sent with MCP-Protocol-Version: 2025-11-25 opens a session, as on Node", async () => {
    const opened = await fetch(server.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "with-header", version: "0" } },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("mcp-session-id")).toMatch(/^[0-9a-f-]{36}$/);
    const session = await openSession(both, opened.headers.get("mcp-session-id")!);
    expect((await session.send("tools/call", { name: "spare", arguments: {} })).result?.structuredContent).toEqual({ spare: true });
  }, 30_000);

  // In memory, an object workerd evicts while idle loses what it stored (a loaded machine may idle
  // one between the call and the resume); on disk, as Cloudflare keeps them, it does not.
  describe("with its objects on disk", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-do-events-"));
    let onDisk: Awaited<ReturnType<typeof startWorkerdWithState>>;
    beforeAll(async () => {
      onDisk = await startWorkerdWithState(WORKERD, BUNDLE, { kind: "disk", dir });
    }, 60_000);
    afterAll(async () => {
      await onDisk?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test("a stream past its 10,000 kept events resumes from any kept event, and from an older one is refused naming the window", async () => {
      const call = await callTool(onDisk.url, "count", { steps: 10_020, intervalMs: 0 }, { progress: true, timeoutMs: 120_000 });
      const events = sseEvents(await call.text());
      expect(events).toHaveLength(10_021);
      const old = await fetch(onDisk.twinUrl, {
        headers: { Accept: "text/event-stream", "Last-Event-ID": events[0]!.id },
        signal: AbortSignal.timeout(30_000),
      });
      // On failure, what the server answered and what workerd said.
      expect(old.status, `${await old.clone().text()}\n${onDisk.output().slice(-3000)}`).toBe(410);
      expect(((await old.json()) as { error: { message: string } }).error.message).toBe(
        `Last-Event-ID "${events[0]!.id}" is older than the events this stream keeps (its last 10,000): the events after it are gone; send the request again.`,
      );
      const recent = await fetch(onDisk.twinUrl, {
        headers: { Accept: "text/event-stream", "Last-Event-ID": events.at(-3)!.id },
        signal: AbortSignal.timeout(30_000),
      });
      expect(recent.status).toBe(200);
      expect(sseEvents(await recent.text())).toEqual(events.slice(-2));
    }, 180_000);

    test("inside a session too, a resume from before the kept events is refused naming the window (not the SDK's bare 500)", async () => {
      const session = await openSession([onDisk.url]);
      const inSession = { "Mcp-Session-Id": session.id(), "MCP-Protocol-Version": "2025-11-25" };
      const call = await callTool(onDisk.url, "count", { steps: 10_020, intervalMs: 0 }, { progress: true, headers: inSession, timeoutMs: 120_000 });
      const events = sseEvents(await call.text());
      expect(events).toHaveLength(10_021);
      const resume = (id: string) =>
        fetch(onDisk.url, { headers: { Accept: "text/event-stream", ...inSession, "Last-Event-ID": id }, signal: AbortSignal.timeout(30_000) });
      const old = await resume(events[0]!.id);
      // On failure, what the server answered and what workerd said.
      expect(old.status, `${await old.clone().text()}\n${onDisk.output().slice(-3000)}`).toBe(410);
      expect(((await old.json()) as { error: { message: string } }).error.message).toBe(
        `Last-Event-ID "${events[0]!.id}" is older than the events this stream keeps (its last 10,000): the events after it are gone; send the request again.`,
      );
      const recent = await resume(events.at(-3)!.id);
      expect(recent.status).toBe(200);
      expect(sseEvents(await recent.text())).toEqual(events.slice(-2));
    }, 180_000);
  });

  describe("with OAuth (a real OpenID provider)", () => {
    let provider: OpenIdProvider;
    let guarded: Awaited<ReturnType<typeof startWorkerdWithState>>;
    const RESOURCE = "https://workers-state.example/mcp";
    beforeAll(async () => {
      provider = await startOpenIdProvider();
      guarded = await startWorkerdWithState(
        WORKERD,
        BUNDLE,
        { kind: "memory" },
        { bindings: { MCP_AUTH_ISSUER: provider.issuer, MCP_AUTH_RESOURCE: RESOURCE } },
      );
    }, 60_000);
    afterAll(async () => {
      await guarded?.stop();
      await provider?.close();
    });

    const tokenOf = (sub: string) => accessToken(provider, sub, RESOURCE);
    const post = async (url: string, token: string, method: string, params: Record<string, unknown>): Promise<Answer> => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
        signal: AbortSignal.timeout(10_000),
      });
      return jsonRpcAnswer(await res.text(), res.headers.get("content-type")) as Answer;
    };

    test("a task is its token's user's in every isolate: hers through the other isolate, nobody else's", async () => {
      const [alice, bob] = await Promise.all([tokenOf("alice"), tokenOf("bob")]);
      const created = await post(guarded.url, alice, "tools/call", { name: "slow", arguments: { ms: 200 }, task: { ttl: 60_000 } });
      const taskId = created.result?.task?.taskId as string;
      expect(taskId, JSON.stringify(created)).toEqual(expect.any(String));
      expect((await post(guarded.twinUrl, bob, "tasks/get", { taskId })).error?.message).toMatch(/^Task not found/);
      expect((await post(guarded.twinUrl, bob, "tasks/list", {})).result?.tasks).toEqual([]);
      expect((await post(guarded.twinUrl, alice, "tasks/list", {})).result?.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([taskId]);
      const done = await pollUntilDone((method, params) => post(guarded.twinUrl, alice, method, params), taskId);
      expect(done.result).toMatchObject({ taskId, status: "completed" });
      expect((await post(guarded.url, alice, "tasks/result", { taskId })).result?.structuredContent).toEqual({ waited: 200 });
    }, 30_000);
  });

  test("a 2026-07-28 input round started in one isolate finishes in the other", async () => {
    const first = await rpc2026(server.url, "tools/call", { name: "greet", arguments: {} }, "greet", { elicitation: { form: {} } });
    expect(first.body.result, JSON.stringify(first.body)).toMatchObject({ resultType: "input_required", requestState: expect.any(String) });
    const [key] = Object.keys(first.body.result.inputRequests as Record<string, unknown>);
    const second = await rpc2026(
      server.twinUrl,
      "tools/call",
      {
        name: "greet",
        arguments: {},
        inputResponses: { [key!]: { action: "accept", content: { name: "Ada" } } },
        requestState: first.body.result.requestState,
      },
      "greet",
      { elicitation: { form: {} } },
    );
    expect(second.body.result?.structuredContent, JSON.stringify(second.body)).toEqual({ greeting: "Hello, Ada" });
  }, 30_000);

  test("a 2026-07-28 task waiting for input is answered through the other isolate, and its run goes on to its result", async () => {
    const ask = (url: string, method: string, params: Record<string, unknown>, name: string) =>
      rpc2026(url, method, params, name, { elicitation: { form: {} } });
    const created = await ask(server.url, "tools/call", { name: "publish", arguments: { name: "main" } }, "publish");
    expect(created.body.result, JSON.stringify(created.body)).toMatchObject({ resultType: "task", status: "working" });
    const taskId = created.body.result.taskId as string;
    let parked = await ask(server.twinUrl, "tasks/get", { taskId }, taskId);
    for (let i = 0; i < 100 && parked.body.result?.status === "working"; i++) parked = await ask(server.twinUrl, "tasks/get", { taskId }, taskId);
    expect(parked.body.result).toMatchObject({
      status: "input_required",
      inputRequests: { approve: { method: "elicitation/create", params: expect.objectContaining({ message: "Publish board main?" }) } },
    });
    const update = await ask(server.twinUrl, "tasks/update", { taskId, inputResponses: { approve: { action: "accept", content: { approve: true } } } }, taskId);
    expect(update.body.result, JSON.stringify(update.body)).toMatchObject({ resultType: "complete" });
    let done = await ask(server.url, "tasks/get", { taskId }, taskId);
    for (let i = 0; i < 100 && done.body.result?.status === "working"; i++) done = await ask(server.url, "tasks/get", { taskId }, taskId);
    expect(done.body.result).toMatchObject({ taskId, status: "completed", result: { structuredContent: { published: true } } });
  }, 30_000);

  test("a stream cut mid-call is resumed through the other isolate, up to the call's result", async () => {
    const call = await fetch(server.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "count", arguments: { steps: 6, intervalMs: 150 }, _meta: { progressToken: "p" } },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    // Read until the second progress event, then drop the connection.
    const reader = call.body!.getReader();
    let text = "";
    while (sseEvents(text).length < 2) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const seen = sseEvents(text);
    const resumed = await fetch(server.twinUrl, {
      headers: { Accept: "text/event-stream", "Last-Event-ID": seen.at(-1)!.id },
      signal: AbortSignal.timeout(10_000),
    });
    const rest = sseEvents(await resumed.text());
    expect(rest.map((e) => e.message.params?.progress ?? e.message.result?.structuredContent)).toEqual([
      ...Array.from({ length: 6 - seen.length }, (_, i) => seen.length + i + 1),
      { counted: 6 },
    ]);
  }, 30_000);

  test("a tool-list change made in one request reaches a listening 2026-07-28 client", async () => {
    const connect = async (url: string) => {
      const client = new Client({ name: "workers-durable", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    };
    const listener = await connect(server.url);
    const heard: string[] = [];
    listener.fallbackNotificationHandler = async (n) => void heard.push(n.method);
    const subscription = await listener.listen({ toolsListChanged: true });
    const caller = await connect(server.twinUrl);
    try {
      expect((await caller.callTool({ name: "hide", arguments: { name: "spare" } })).structuredContent).toEqual({ hidden: true });
      await until(() => heard.includes("notifications/tools/list_changed"));
      expect(heard).toContain("notifications/tools/list_changed");
    } finally {
      await subscription.close();
      await Promise.all([listener.close(), caller.close()]);
    }
  }, 30_000);

  test("a tool-list change made in any isolate or session reaches every open 2025-11-25 session and 2026-07-28 listener", async () => {
    // Each session's standalone SSE stream (GET), the one a 2025 session hears changes on.
    const streamOf = async (url: string, sessionId: string) => {
      const res = await fetch(url, {
        headers: { Accept: "text/event-stream", "Mcp-Session-Id": sessionId, "MCP-Protocol-Version": "2025-11-25" },
        signal: AbortSignal.timeout(20_000),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let text = "";
      const changes = () => sseEvents(text).filter((e) => e.message.method === "notifications/tools/list_changed").length;
      return {
        /** Reads until `count` list changes have arrived in all, or the stream ends (it is cut after 20 s): how many came. */
        async until(count: number): Promise<number> {
          while (changes() < count) {
            const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
            if (done) break;
            text += new TextDecoder().decode(value);
          }
          return changes();
        },
        close: () => reader.cancel().catch(() => undefined),
      };
    };
    const [one, two] = [await openSession([server.url]), await openSession([server.twinUrl])];
    const streams = [await streamOf(server.twinUrl, one.id()), await streamOf(server.url, two.id())];
    const listener = new Client({ name: "workers-durable", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await listener.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    let listened = 0;
    listener.fallbackNotificationHandler = async (n) => void (n.method === "notifications/tools/list_changed" && listened++);
    const subscription = await listener.listen({ toolsListChanged: true });
    // The listener may first be told of a change the bus made shortly before it subscribed: what counts is what each change adds.
    const heardAfter = async (before: number) => {
      await until(() => listened > before);
      return listened > before;
    };
    try {
      // A change in a request outside any session, in the other isolate: every session hears it.
      let before = listened;
      const hidden = await callTool(server.twinUrl, "hide", { name: "text" });
      expect((jsonRpcAnswer(await hidden.text(), hidden.headers.get("content-type")) as Answer).result?.structuredContent).toEqual({ hidden: true });
      expect(await Promise.all(streams.map((s) => s.until(1)))).toEqual([1, 1]);
      expect(await heardAfter(before)).toBe(true);
      before = listened;
      // A change made inside one session's object: the other session hears it, and so does the 2026 listener.
      expect((await one.send("tools/call", { name: "hide", arguments: { name: "count" } })).result?.structuredContent).toEqual({ hidden: true });
      expect(await Promise.all(streams.map((s) => s.until(2)))).toEqual([2, 2]);
      expect(await heardAfter(before)).toBe(true);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
      await subscription.close();
      await listener.close();
    }
  }, 60_000);

  test("a restart of workerd with local-disk storage keeps the session and its task, and marks the tasks' cut runs failed, saying why", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-do-disk-"));
    const storage: StateStorage = { kind: "disk", dir };
    let onDisk = await startWorkerdWithState(WORKERD, BUNDLE, storage);
    try {
      const { send, id } = await openSession([onDisk.url, onDisk.twinUrl]);
      const taskId = (await send("tools/call", { name: "slow", arguments: { ms: 600_000 }, task: { ttl: 600_000 } })).result?.task?.taskId as string;
      expect((await send("tasks/get", { taskId })).result?.status).toBe("working");
      // A 2026-07-28 call that became a task while it ran: its run stays in the Worker request's isolate, which the restart ends too.
      const lingering = await rpc2026(onDisk.twinUrl, "tools/call", { name: "linger", arguments: { ms: 600_000 } }, "linger");
      expect(lingering.body.result, JSON.stringify(lingering.body)).toMatchObject({ resultType: "task", status: "working" });
      const adoptedId = lingering.body.result.taskId as string;
      await onDisk.stop();
      onDisk = await startWorkerdWithState(WORKERD, BUNDLE, storage, { port: onDisk.port, twinPort: onDisk.twinPort });
      // The session is opened again from storage only for the credentials that opened it (none here): another caller gets nothing.
      const intruder = await fetch(onDisk.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "Mcp-Session-Id": id(),
          Authorization: "Bearer someone-else",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tasks/list", params: {} }),
      });
      expect(intruder.status).toBe(404);
      const after = await openSession([onDisk.twinUrl, onDisk.url], id());
      expect((await after.send("tasks/list", {})).result?.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([taskId]);
      // The run was the tool's promise, gone with the restart: the run's object says so at its next alarm (every 10 s), rather than leave it working.
      const settled = await pollUntilDone(after.send, taskId, { withinMs: 60_000, everyMs: 500 });
      expect(settled.result, onDisk.output().slice(-2000)).toMatchObject({ taskId, status: "failed", ttl: 600_000 });
      expect((await after.send("tasks/result", { taskId })).error?.message).toMatch(
        /^Task ".+" was cut short: the Durable Object running it was restarted or evicted, and a run of tool "slow" cannot be carried across that\. Call the tool again/,
      );
      // The watched run is silent from the restart on: failed once three 10-second beats pass without it.
      let adopted = await rpc2026(onDisk.url, "tasks/get", { taskId: adoptedId }, adoptedId);
      for (let i = 0; i < 60 && adopted.body.result?.status === "working"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        adopted = await rpc2026(onDisk.url, "tasks/get", { taskId: adoptedId }, adoptedId);
      }
      expect(adopted.body.result, JSON.stringify(adopted.body)).toMatchObject({
        taskId: adoptedId,
        status: "failed",
        error: {
          message: expect.stringMatching(/^Task ".+" was cut short: the Worker request running it ended \(Workers keep a request's work going 30 seconds/),
        },
      });
    } finally {
      await onDisk.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  test("the task caps count every isolate's tasks: one isolate's task fills MCP_MAX_TASKS=1 for the other", async () => {
    const capped = await startWorkerdWithState(WORKERD, BUNDLE, { kind: "memory" }, { bindings: { MCP_MAX_TASKS: "1" } });
    try {
      const first = await openSession([capped.url]);
      expect((await first.send("tools/call", { name: "slow", arguments: { ms: 60_000 }, task: { ttl: 60_000 } })).result?.task?.status).toBe("working");
      const other = await openSession([capped.twinUrl]);
      expect((await other.send("tools/call", { name: "slow", arguments: { ms: 10 }, task: { ttl: 60_000 } })).error?.message).toMatch(/maxTasks/);
    } finally {
      await capped.stop();
    }
  }, 30_000);

  test("without the MCP_STATE binding the build serves statelessly, and says so once", async () => {
    const bare = await startUnder("workerd", WORKERD, BUNDLE);
    try {
      for (let i = 0; i < 2; i++) {
        const { send } = await openSession([bare.url]);
        expect((await send("tools/call", { name: "count", arguments: { steps: 1, intervalMs: 0 } })).result?.structuredContent).toEqual({ counted: 1 });
      }
      const said = bare.output().split("no Durable Object binding MCP_STATE: serving stateless").length - 1;
      expect(said, bare.output()).toBe(1);
    } finally {
      await bare.stop();
    }
  }, 30_000);
});
