import { afterEach, describe, expect, test } from "vitest";
import {
  cacheResults,
  createServer,
  logRequests,
  maskErrors,
  ProtocolError,
  rateLimit,
  timing,
  use,
  type Middleware,
  type RequestLogEntry,
  type Timing,
} from "typemcp";
import { connect, type TestClient } from "typemcp/testing";
import { mark, MiddlewareTools, trail } from "../fixtures/src/middleware-tools.js";

const INFO = { name: "middleware", version: "0.0.1" };
const open: TestClient[] = [];

async function client(use: Middleware[] = [], tools = new MiddlewareTools()): Promise<TestClient> {
  const connected = await connect(createServer(tools, { ...INFO, use }));
  open.push(connected);
  return connected;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  trail.length = 0;
});

// Compiled with TC39 decorators and with experimentalDecorators (see vitest.config.ts): @use records in both.
describe(`middleware, compiled with ${process.env.DECORATORS}`, () => {
  test("runs server-wide, then the class's, then the method's middleware around the tool, each unwinding in reverse", async () => {
    const c = await client([mark("server")]);
    await c.listTools();
    trail.length = 0;
    expect(await c.call("echo", { text: "hi" })).toBe("hi");
    expect(trail).toEqual([
      "server request tools/call",
      "server before echo",
      "class before echo",
      "method before echo",
      "tool echo",
      "method after echo",
      "class after echo",
      "server after echo",
      "server request done",
    ]);
  });

  test("wraps every request, lists included, in the server-wide onRequest hooks only", async () => {
    const c = await client([mark("server")]);
    await c.listTools();
    expect(trail).toEqual(["server request tools/list", "server request done"]);
  });

  test("lets a tool middleware answer with a result of its own: the method never runs", async () => {
    const c = await client();
    expect(await c.callError("echo", { text: "secret" })).toBe("Refused by policy.");
    expect(trail).not.toContain("tool echo");
    expect(trail).toEqual(["class before echo", "method before echo", "method after echo (error)", "class after echo (error)"]);
  });

  test("turns a ToolError thrown by a tool middleware into the error result a model reads", async () => {
    const tools = new MiddlewareTools();
    const c = await client([], tools);
    expect(await c.callError("maintained")).toBe("Closed for maintenance; try again after 18:00 UTC.");
    expect(tools.runs).toBe(0);
  });

  test("lets a request middleware answer in the handler's place, or refuse with a JSON-RPC error", async () => {
    const gate: Middleware = {
      name: "gate",
      onRequest: async (call, next) => {
        if (call.method === "tools/list") return { tools: [] };
        if (call.method === "resources/read") throw new ProtocolError("INVALID_PARAMS", "Reports are closed today.");
        return next();
      },
    };
    const c = await client([gate]);
    expect(await c.listTools()).toEqual([]);
    await expect(c.readResource("report://daily")).rejects.toThrow(/Reports are closed today/);
    expect(await c.call("ticket")).toBe(1);
  });

  test("lets a request middleware change the list it is handed, request by request", async () => {
    let served = 0;
    const numbering: Middleware = {
      name: "numbering",
      onRequest: async (call, next) => {
        const answer = (await next()) as { tools: { name: string; description?: string }[] };
        if (call.method === "tools/list") for (const tool of answer.tools) tool.description = `listing ${++served}`;
        return answer;
      },
    };
    const c = await client([numbering]);
    const first = (await c.listTools()).map((t) => t.description);
    const second = (await c.listTools()).map((t) => t.description);
    expect(new Set([...first, ...second]).size).toBe(first.length + second.length);
  });

  test("gives a request middleware the request's context on demand, the same one each time it reads it", async () => {
    const seen: { requestId: string | number; same: boolean; aborted: boolean }[] = [];
    const reader: Middleware = {
      name: "reader",
      onRequest: (call, next) => {
        const first = call.ctx;
        seen.push({ requestId: first.requestId, same: call.ctx === first, aborted: first.signal.aborted });
        return next();
      },
    };
    const entries: RequestLogEntry[] = [];
    const c = await client([logRequests({ write: (entry) => entries.push(entry) }), reader]);
    expect(await c.call("ticket")).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen.every((s) => s.same && !s.aborted)).toBe(true);
    // logRequests() reads the id without the context: the same id the context gives.
    expect(entries.map((entry) => entry.requestId)).toEqual(seen.map((s) => s.requestId));
    expect(typeof seen[1]?.requestId).toBe("number");
  });

  test("answers with a JSON-RPC error when a request middleware throws before calling next, and keeps serving", async () => {
    let refused = false;
    const sync: Middleware = {
      name: "sync",
      // A plain function, not async: its throw happens while the chain is being entered.
      onRequest: (call, next) => {
        if (call.method === "tools/call" && !refused) {
          refused = true;
          throw new ProtocolError("INVALID_PARAMS", "Not this time.");
        }
        return next();
      },
    };
    const entries: RequestLogEntry[] = [];
    const c = await client([logRequests({ write: (entry) => entries.push(entry) }), sync]);
    await expect(c.callResult("ticket")).rejects.toThrow(/Not this time/);
    expect(await c.call("ticket")).toBe(1);
    expect(entries.filter((entry) => entry.method === "tools/call").map((entry) => [entry.outcome, entry.error])).toEqual([
      ["error", "Not this time."],
      ["ok", undefined],
    ]);
  });

  test("refuses what is no middleware, naming where it was given", () => {
    expect(() => createServer(new MiddlewareTools(), { ...INFO, use: [{} as Middleware] })).toThrow("use[0] is not a middleware");
    expect(() => use(mark("a"), { name: "x" } as Middleware)).toThrow("@use(…) argument list[1] is not a middleware");
  });
});

describe("logRequests", () => {
  test("writes one entry per request with its method, target, client, duration and outcome", async () => {
    const entries: RequestLogEntry[] = [];
    const c = await client([logRequests({ write: (entry) => entries.push(entry) })]);
    await c.call("ticket");
    await c.callError("crash");
    await expect(c.callResult("nope")).rejects.toThrow(/Unknown tool/);
    expect(entries.map(({ method, target, outcome, protocolVersion }) => ({ method, target, outcome, protocolVersion }))).toEqual([
      { method: "tools/list", target: undefined, outcome: "ok", protocolVersion: "2025-11-25" },
      { method: "tools/call", target: "ticket", outcome: "ok", protocolVersion: "2025-11-25" },
      { method: "tools/call", target: "crash", outcome: "tool_error", protocolVersion: "2025-11-25" },
      { method: "tools/call", target: "nope", outcome: "error", protocolVersion: "2025-11-25" },
    ]);
    expect(entries[3]?.error).toMatch(/Unknown tool: "nope"/);
    for (const entry of entries) {
      expect(entry.client).toBe(entries[0]?.client);
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(entry.time)).not.toBeNaN();
    }
  });
});

describe("timing", () => {
  test("reports each request once: tool calls around the tool, other requests around the handler", async () => {
    const timings: Timing[] = [];
    const c = await client([timing({ report: (t) => timings.push(t) })]);
    await c.call("ticket");
    await c.callError("locked");
    expect(timings.map(({ method, target, outcome }) => ({ method, target, outcome }))).toEqual([
      { method: "tools/list", target: undefined, outcome: "ok" },
      { method: "tools/call", target: "ticket", outcome: "ok" },
      { method: "tools/call", target: "locked", outcome: "tool_error" },
    ]);
    expect(timings.every((t) => t.durationMs >= 0)).toBe(true);
  });

  test("writing its own line, answers every call as the server without it does: results, tool errors and refusals", async () => {
    const timed = await client([timing()]);
    const bare = await client();
    for (const c of [timed, bare]) await c.listTools();
    expect(await timed.call("echo", { text: "hi" })).toBe("hi");
    expect(await timed.callError("locked")).toBe(await bare.callError("locked"));
    expect(await timed.callError("crash")).toBe("TypeError: connect ECONNREFUSED db.internal:5432");
    expect(await timed.callError("maintained")).toBe(await bare.callError("maintained"));
    expect(await timed.callError("echo", { text: 3 })).toBe(await bare.callError("echo", { text: 3 }));
    await expect(timed.callResult("nope")).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown tool: "nope"/) });
  });
});

describe("rateLimit", () => {
  test("refuses a tool's calls past its limit with RATE_LIMITED, per client", async () => {
    const tools = new MiddlewareTools();
    const server = createServer(tools, INFO);
    const first = await connect(server);
    const second = await connect(server);
    open.push(first, second);
    expect(await first.call("scarce")).toBe("granted");
    expect(await first.call("scarce")).toBe("granted");
    await expect(first.callResult("scarce")).rejects.toMatchObject({
      code: -32000,
      message: expect.stringMatching(/Rate limit reached: at most 2 calls of scarce per 60 s; try again in \d+ s/),
    });
    expect(await second.call("scarce")).toBe("granted");
    expect(await first.call("ticket")).toBe(1);
  });

  test("server-wide, counts every request of a client", async () => {
    const c = await client([rateLimit({ limit: 2, windowMs: 60_000 })]);
    await c.listTools();
    await c.listTools();
    await expect(c.listTools()).rejects.toThrow(/Rate limit reached: at most 2 requests per 60 s/);
  });

  test("refuses a limit that is not a whole number of at least 1", () => {
    expect(() => rateLimit({ limit: 0 })).toThrow("rateLimit: limit must be a whole number of at least 1, not 0.");
  });
});

describe("cacheResults", () => {
  test("answers a repeated call of an idempotent tool from the cache, per client and arguments", async () => {
    const tools = new MiddlewareTools();
    const server = createServer(tools, { ...INFO, use: [cacheResults({ ttlMs: 60_000 })] });
    const [a, b] = [await connect(server), await connect(server)];
    open.push(a, b);
    const first = await a.call("price", { item: "tea" });
    expect(first).toEqual({ item: "tea", cents: 300, run: 1 });
    expect(await a.call("price", { item: "tea" })).toEqual(first);
    expect(await a.call("price", { item: "coffee" })).toEqual({ item: "coffee", cents: 600, run: 2 });
    expect(await b.call("price", { item: "tea" })).toEqual({ item: "tea", cents: 300, run: 3 });
    expect(tools.runs).toBe(3);
  });

  test("never caches a tool not marked idempotent, nor a failed call", async () => {
    const c = await client([cacheResults()]);
    expect(await c.call("ticket")).toBe(1);
    expect(await c.call("ticket")).toBe(2);
    expect(await c.callError("price", {})).toMatch(/Invalid arguments for tool "price"/);
    expect(await c.call("price", { item: "x" })).toMatchObject({ run: 3 });
  });
});

describe("maskErrors", () => {
  test("replaces an unexpected error with a reference the log has, and lets a ToolError through", async () => {
    const logged: Array<{ reference: string; thrown: unknown; where: string }> = [];
    const c = await client([maskErrors({ log: (reference, thrown, where) => logged.push({ reference, thrown, where }) })]);
    const text = await c.callError("crash");
    expect(text).toMatch(/^Internal error \(reference [0-9a-f-]{36}\)\.$/);
    expect(text).not.toContain("db.internal");
    expect(logged).toHaveLength(1);
    expect(text).toContain(logged[0]!.reference);
    expect(logged[0]).toMatchObject({ where: 'tool "crash"', thrown: expect.objectContaining({ message: "connect ECONNREFUSED db.internal:5432" }) });
    expect(await c.callError("locked")).toBe("The account is locked; ask the user to unlock it.");
    expect(await c.callError("price", {})).toMatch(/Invalid arguments for tool "price"/);
  });

  test("masks a resource method that throws, server-wide", async () => {
    const logged: string[] = [];
    const c = await client([maskErrors({ log: (reference) => logged.push(reference) })]);
    const error = await c.readResource("report://daily").catch((e: Error) => e);
    expect((error as Error).message).toMatch(/Internal error \(reference [0-9a-f-]{36}\)\./);
    expect((error as Error).message).not.toContain("ENOSPC");
    expect((error as Error).message).toContain(logged[0]);
  });

  test("gives every failure its own reference and place, however often a tool or method fails, and leaves successes as they are", async () => {
    // What it attaches to a call is made once per tool and per method, not per call: nothing of
    // one failure may carry over to the next, nor one tool's name to another's.
    const logged: Array<{ reference: string; where: string }> = [];
    const c = await client([maskErrors({ log: (reference, _thrown, where) => logged.push({ reference, where }) })]);
    const first = await c.callError("crash");
    expect(await c.call("echo", { text: "fine" })).toBe("fine");
    const second = await c.callError("crash");
    const read = (await c.readResource("report://daily").catch((e: Error) => e)) as Error;
    const readAgain = (await c.readResource("report://daily").catch((e: Error) => e)) as Error;
    expect(logged.map((entry) => entry.where)).toEqual(['tool "crash"', 'tool "crash"', "resources/read", "resources/read"]);
    expect(new Set(logged.map((entry) => entry.reference)).size).toBe(4);
    expect([first, second, read.message, readAgain.message].map((text, i) => text.includes(logged[i]!.reference))).toEqual([true, true, true, true]);
    expect(await c.callError("locked")).toBe("The account is locked; ask the user to unlock it.");
    expect(logged).toHaveLength(4);
  });

  test("without it, the model reads the unexpected error's message", async () => {
    const c = await client();
    expect(await c.callError("crash")).toBe("TypeError: connect ECONNREFUSED db.internal:5432");
  });
});
