import { Client as Client2026, StreamableHTTPClientTransport as HttpTransport2026 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "../packages/framework/src/scale/__fixtures__/redis-process.js";
import { connectHttp, rpc2026, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { NGINX, startNginx, type NginxProxy } from "./support/nginx-proxy.js";
import { connectRedis } from "../packages/framework/src/scale/redis-connection.js";
import { RedisEventStore } from "../packages/framework/src/scale/redis-event-store.js";
import { ownerTag } from "../packages/framework/src/transports/http/owned-streams.js";
import { fromRoot } from "./support/paths.js";

const SERVER = fromRoot("test/fixtures/dist/tc39/scale-out.js");
// The secret every instance signs 2026-07-28 requestState with; --redis requires one.
const KEY = { MCP_REQUEST_STATE_KEY: "scale-out-test-key-of-at-least-32-bytes" };

warnIfNoRedis("Redis scale-out test");
if (!NGINX) console.warn("Redis scale-out test skipped: nginx is not installed (.ci/run installs it with apt-get).");

interface Exchange {
  method: string;
  /** Whether the request was the tools/call (told by its body, not by when its answer came). */
  isCall: boolean;
  upstream: string | null;
  lastEventId: string | null;
}

/** A fetch that records where nginx sent each request, and can cut the first SSE answer to a tools/call after `cutAfter` events. */
function recordingFetch(cutAfter?: number): { fetch: typeof fetch; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  let cut = cutAfter === undefined;
  const wrapped: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const headers = new Headers(init?.headers);
    const isCall = typeof init?.body === "string" && init.body.includes('"tools/call"');
    exchanges.push({ method: init?.method ?? "GET", isCall, upstream: res.headers.get("x-upstream"), lastEventId: headers.get("last-event-id") });
    if (cut || !isCall || !res.body || !res.headers.get("content-type")?.includes("text/event-stream")) return res;
    cut = true;
    // The network drops mid-stream: the client has seen `cutAfter` events (priming included), then the connection dies.
    const reader = res.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) return controller.close();
        controller.enqueue(value);
        seen += (new TextDecoder().decode(value).match(/^id: /gm) ?? []).length;
        if (seen >= cutAfter!) {
          await reader.cancel();
          controller.error(new Error("connection lost"));
        }
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  return { fetch: wrapped, exchanges };
}

async function connectThrough(url: string, fetchFn: typeof fetch): Promise<Client> {
  const client = new Client({ name: "scale-out-redis", version: "0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      fetch: fetchFn,
      reconnectionOptions: { initialReconnectionDelay: 50, maxReconnectionDelay: 200, reconnectionDelayGrowFactor: 1, maxRetries: 3 },
    }),
  );
  return client;
}

describe("a server asked to use Redis", () => {
  test("refuses to start, saying where Redis was expected and why, when Redis is not there", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER, "--http", "--port", "0", "--redis", `redis://127.0.0.1:${port}`], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...KEY },
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    // "close", not "exit": at "exit" the last of stderr may still be unread.
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(
      `typemcp: Redis at redis://127.0.0.1:${port} is not reachable (connect ECONNREFUSED 127.0.0.1:${port}). Start it, or fix --redis / REDIS_URL.\n`,
    );
  });

  test("refuses to start without a request-state key shared by every instance", async () => {
    const env = { ...process.env };
    delete env.MCP_REQUEST_STATE_KEY;
    const child = spawn(process.execPath, [SERVER, "--http", "--port", "0", "--redis", "redis://127.0.0.1:1"], { stdio: ["ignore", "pipe", "pipe"], env });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    expect(await new Promise<number | null>((resolve) => child.once("close", resolve))).toBe(1);
    expect(stderr).toBe(
      "typemcp: --redis runs this server as one of several instances, which must share the key that signs requestState: set MCP_REQUEST_STATE_KEY to the same secret of at least 32 bytes on every instance (e.g. `openssl rand -base64 48`).\n",
    );
  });

  test("refuses a --redis value that is not a Redis URL, saying what it takes", async () => {
    const child = spawn(process.execPath, [SERVER, "--http", "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, REDIS_URL: "localhost:6379" },
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    expect(await new Promise<number | null>((resolve) => child.once("close", resolve))).toBe(1);
    expect(stderr).toBe('typemcp: --redis / REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379, not "localhost:6379".\n');
  });
});

describe.skipIf(!REDIS_SERVER || !NGINX)("instances sharing Redis behind nginx", () => {
  let redis: RedisProcess;
  const balanced: HttpServerProcess[] = [];
  let sessionful: HttpServerProcess;
  let proxy: NginxProxy;

  beforeAll(async () => {
    redis = await startRedis();
    const args = ["--redis", redis.url];
    balanced.push(...(await Promise.all([startHttpServer(SERVER, ["--stateless", ...args], KEY), startHttpServer(SERVER, ["--stateless", ...args], KEY)])));
    sessionful = await startHttpServer(SERVER, args, KEY);
    proxy = await startNginx(balanced.map((b) => b.url));
  });

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all([...balanced, sessionful].filter(Boolean).map((s) => s.stop()));
    await redis?.stop();
  });

  test("a 2025 stream cut on one instance resumes with Last-Event-ID on the other, losing no event", async () => {
    const { fetch: cutting, exchanges } = recordingFetch(3);
    const client = await connectThrough(proxy.url, cutting);
    const progress: number[] = [];
    const result = await client.callTool({ name: "count", arguments: { steps: 8, intervalMs: 100 } }, undefined, {
      onprogress: (p) => void progress.push(p.progress),
      timeout: 15_000,
    });
    await client.close();
    expect(result.structuredContent).toMatchObject({ counted: 8 });
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Found by its body: under load the answer to notifications/initialized may come after the call's.
    const call = exchanges.find((e) => e.isCall);
    const resume = exchanges.at(-1)!;
    expect(resume).toMatchObject({ method: "GET", lastEventId: expect.stringMatching(/@\d+-\d+$/) });
    expect(call?.upstream).toBeTruthy();
    expect(resume.upstream).not.toBe(call?.upstream);
  });

  test("a resource update triggered on the balanced instances reaches a subscriber on another instance", async () => {
    const subscriber = await connectHttp(sessionful.url);
    const updates: string[] = [];
    subscriber.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await subscriber.subscribeResource({ uri: "board://main" });
    const { fetch: recording } = recordingFetch();
    const caller = await connectThrough(proxy.url, recording);
    const pids = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const touched = await caller.callTool({ name: "touch", arguments: { name: "main" } });
      pids.add((touched.structuredContent as { pid: number }).pid);
    }
    await caller.callTool({ name: "touch", arguments: { name: "other" } });
    const deadline = Date.now() + 15_000;
    while (updates.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    await Promise.all([subscriber.close(), caller.close()]);
    expect(pids.size).toBe(2);
    expect(pids.has(sessionful.child.pid!)).toBe(false);
    expect(updates).toEqual(["board://main", "board://main"]);
  });

  test("a 2026-07-28 subscription held by one instance hears of a change made through the other", async () => {
    const connect2026 = async (fetchFn: typeof fetch) => {
      const client = new Client2026({ name: "scale-out-redis", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } } as never);
      await client.connect(new HttpTransport2026(new URL(proxy.url), { fetch: fetchFn }) as never);
      return client;
    };
    const listening = recordingFetch();
    const listener = await connect2026(listening.fetch);
    const updates: string[] = [];
    listener.fallbackNotificationHandler = async (n) => {
      if (n.method === "notifications/resources/updated") updates.push((n.params as { uri: string }).uri);
    };
    const subscription = await listener.listen({ resourceSubscriptions: ["board://main"] });
    const stream = listening.exchanges.at(-1)!.upstream;
    const calling = recordingFetch();
    const caller = await connect2026(calling.fetch);
    const touchedFrom = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      await caller.callTool({ name: "touch", arguments: { name: "main" } });
      touchedFrom.add(calling.exchanges.at(-1)!.upstream);
    }
    const deadline = Date.now() + 15_000;
    while (updates.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    await subscription.close();
    await Promise.all([listener.close(), caller.close()]);
    // One touch went through the instance that holds the stream, the other through the other one.
    expect([...touchedFrom].sort()).toEqual(balanced.map((b) => new URL(b.url).host).sort());
    expect(stream).toBeTruthy();
    expect(updates).toEqual(["board://main", "board://main"]);
  });

  test("a 2026-07-28 input round started on one instance finishes on the other; a tampered requestState is refused in words", async () => {
    const connect = async (fetchFn: typeof fetch) => {
      const client = new Client2026({ name: "scale-out-redis", version: "0" }, {
        capabilities: { elicitation: { form: {} } },
        versionNegotiation: { mode: { pin: "2026-07-28" } },
      } as never);
      client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Ada" } }) as never);
      await client.connect(new HttpTransport2026(new URL(proxy.url), { fetch: fetchFn }) as never);
      return client;
    };
    const { fetch: recording, exchanges } = recordingFetch();
    const honest = await connect(async (input, init) => recording(input, init));
    const before = exchanges.length;
    const result = await honest.callTool({ name: "greet", arguments: {} });
    await honest.close();
    expect(result.structuredContent).toMatchObject({ greeting: "Hello, Ada" });
    const rounds = exchanges.slice(before).filter((e) => e.method === "POST");
    expect(rounds).toHaveLength(2);
    expect(rounds[0]!.upstream).not.toBe(rounds[1]!.upstream);

    // A client that alters the state it echoes gets a refusal, not a tool run on forged answers.
    const tampering: typeof fetch = async (input, init) => {
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { params?: { requestState?: string } }) : undefined;
      if (body?.params?.requestState) {
        body.params.requestState = body.params.requestState.slice(0, -2) + (body.params.requestState.endsWith("AA") ? "BB" : "AA");
        return fetch(input, { ...init, body: JSON.stringify(body) });
      }
      return fetch(input, init);
    };
    const forger = await connect(tampering);
    const refused = await forger.callTool({ name: "greet", arguments: {} }).then(
      (r) => JSON.stringify(r),
      (e: Error) => e.message,
    );
    await forger.close();
    expect(refused).toBe("Invalid or expired requestState");
  });

  test("a task started through one instance is polled to completion and its result fetched through the other", { timeout: 60_000 }, async () => {
    // 3 s of work, so that polls through both instances see it working even when each poll is slow
    // (a loaded machine took longer than the 240 ms this task once ran for to answer two).
    const created = await rpc2026(proxy.url, "tools/call", { name: "crunch", arguments: { steps: 30, intervalMs: 100 } }, "crunch");
    expect(created.body.result).toMatchObject({ resultType: "task", status: "working", pollIntervalMs: 50 });
    const taskId = created.body.result.taskId as string;
    const polls: Array<{ upstream: string | null; status: string }> = [];
    let last = created;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      last = await rpc2026(proxy.url, "tasks/get", { taskId }, taskId);
      polls.push({ upstream: last.upstream, status: last.body.result?.status });
      // Done once the result has been read through the instance that did not start the task.
      if (last.body.result?.status === "completed" && last.upstream !== created.upstream) break;
    }
    expect(last.upstream).not.toBe(created.upstream);
    expect(last.body.result).toMatchObject({ resultType: "complete", taskId, status: "completed", result: { structuredContent: { crunched: 30 } } });
    // It ran where it started; both instances answered polls while it ran.
    const starter = balanced.find((b) => new URL(b.url).host === created.upstream)!;
    expect(last.body.result.result.structuredContent.pid).toBe(starter.child.pid);
    expect(new Set(polls.filter((p) => p.status === "working").map((p) => p.upstream)).size).toBe(2);
  });

  test("a task waiting for input is answered through the other instance, and runs on there", async () => {
    const created = await rpc2026(proxy.url, "tools/call", { name: "publish", arguments: { name: "main" } }, "publish", { elicitation: { form: {} } });
    const taskId = created.body.result.taskId as string;
    // Round robin alternates: poll until a poll parked on the starter, so that the answer goes to the other instance.
    let parked = await rpc2026(proxy.url, "tasks/get", { taskId }, taskId);
    for (
      const deadline = Date.now() + 15_000;
      !(parked.body.result?.status === "input_required" && parked.upstream === created.upstream) && Date.now() < deadline;
    ) {
      parked = await rpc2026(proxy.url, "tasks/get", { taskId }, taskId);
    }
    expect(parked.body.result.inputRequests).toEqual({
      approve: { method: "elicitation/create", params: expect.objectContaining({ message: "Publish board main?" }) },
    });
    const update = await rpc2026(proxy.url, "tasks/update", { taskId, inputResponses: { approve: { action: "accept", content: { approve: true } } } }, taskId);
    expect(update.upstream).not.toBe(created.upstream);
    expect(update.body.result).toMatchObject({ resultType: "complete" });
    let done = await rpc2026(proxy.url, "tasks/get", { taskId }, taskId);
    for (const deadline = Date.now() + 15_000; done.body.result?.status !== "completed" && Date.now() < deadline; )
      done = await rpc2026(proxy.url, "tasks/get", { taskId }, taskId);
    const answeredBy = balanced.find((b) => new URL(b.url).host === update.upstream)!;
    expect(done.body.result.result.structuredContent).toEqual({ published: true, pid: answeredBy.child.pid });
  });

  test("a task cancelled through the other instance is cancelled for both, and an unknown task id is refused in words", async () => {
    const created = await rpc2026(proxy.url, "tools/call", { name: "crunch", arguments: { steps: 400, intervalMs: 25 } }, "crunch");
    const taskId = created.body.result.taskId as string;
    let cancel = await rpc2026(proxy.url, "tasks/cancel", { taskId }, taskId);
    // Round robin: the next request may land on the starter again; cancel (idempotent) until the other one took it.
    while (cancel.upstream === created.upstream) cancel = await rpc2026(proxy.url, "tasks/cancel", { taskId }, taskId);
    expect(cancel.body.result).toMatchObject({ resultType: "complete" });
    const state = await rpc2026(proxy.url, "tasks/get", { taskId }, taskId);
    expect(state.body.result).toMatchObject({ status: "cancelled", statusMessage: "Cancelled by the client." });
    const unknown = await rpc2026(proxy.url, "tasks/get", { taskId: "no-such-task" }, "no-such-task");
    expect(unknown.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Task not found: "no-such-task"\./) });
  });

  test("a resume of a stream whose instance stopped before answering is refused in words, not left hanging", async () => {
    // What an instance that crashed mid-call leaves in Redis: its events, and no writer.
    const connection = await connectRedis({ url: redis.url });
    const store = new RedisEventStore(connection, { prefix: "{typemcp:scale-out}:" });
    // Stored as the handler stores a stream: under its owner's tag, here the anonymous caller nginx is.
    const stream = `${ownerTag("address:127.0.0.1")}.crashed-call`;
    const last = await store.storeEvent(stream, { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } });
    await connection.client.del(`{typemcp:scale-out}:writing:${stream}`);
    await connection.close();
    const resume = await fetch(proxy.url, {
      headers: { Accept: "text/event-stream", "Last-Event-ID": last, "MCP-Protocol-Version": "2025-11-25" },
      signal: AbortSignal.timeout(10_000),
    });
    expect(resume.status).toBe(410);
    expect(((await resume.json()) as { error: { message: string } }).error.message).toBe(
      "The instance answering this request stopped before it finished; send the request again.",
    );
  });

  test("a 2025 cancellation on stateless instances sharing Redis is refused, saying why and what to do", async () => {
    const res = await fetch(proxy.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      "With shared stores (--redis, or Durable Objects on Workers) a 2025-11-25 call runs on when its client drops the stream, so that it can be resumed anywhere",
    );
  });

  test("Redis stopped mid-run: calls still answer, a resume fails in words, and resumable streams come back with Redis", { timeout: 60_000 }, async () => {
    const { fetch: recording } = recordingFetch();
    const client = await connectThrough(proxy.url, recording);
    await redis.stop();
    try {
      // Each instance has seen its connection go (a request that came first would meet a socket
      // still open, and fail in other words).
      await Promise.all(balanced.map((b) => b.stderrSays(`typemcp: lost the connection to Redis at ${redis.url}; reconnecting`)));
      // What needs the store fails at once, in words; what does not is served without it.
      const resume = await fetch(proxy.url, { headers: { Accept: "text/event-stream", "Last-Event-ID": "gone@1-0", "MCP-Protocol-Version": "2025-11-25" } });
      expect(resume.status).toBe(503);
      expect(((await resume.json()) as { error: { message: string } }).error.message).toBe(
        `Could not look up a stream: the shared store (Redis at ${redis.url}) is unavailable (not connected; reconnecting). Try again shortly.`,
      );
      const task = await rpc2026(proxy.url, "tasks/get", { taskId: "any-task" }, "any-task");
      expect(task.body.error).toEqual({
        code: -32603,
        message: `Could not read a task: the shared store (Redis at ${redis.url}) is unavailable (not connected; reconnecting). Try again shortly.`,
      });
      for (let i = 0; i < 2; i++) {
        const answered = await client.callTool({ name: "count", arguments: { steps: 2, intervalMs: 1 } }, undefined, { timeout: 15_000 });
        expect(answered.structuredContent).toMatchObject({ counted: 2 });
      }
    } finally {
      await redis.start();
    }
    await client.close();
    await Promise.all(balanced.map((b) => b.stderrSays(`typemcp: connected to Redis at ${redis.url} again`)));
    const { fetch: cutting, exchanges } = recordingFetch(2);
    const resumed = await connectThrough(proxy.url, cutting);
    const progress: number[] = [];
    const result = await resumed.callTool({ name: "count", arguments: { steps: 4, intervalMs: 50 } }, undefined, {
      onprogress: (p) => void progress.push(p.progress),
      timeout: 15_000,
    });
    await resumed.close();
    expect(result.structuredContent).toMatchObject({ counted: 4 });
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(exchanges.at(-1)).toMatchObject({ method: "GET", lastEventId: expect.stringMatching(/@\d+-\d+$/) });
  });
});
