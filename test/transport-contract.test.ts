import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ERAS, TASKS_PER_CALLER, TRUSTED_PROXY, VIEW_MIME, contractTransports, type ContractClient, type Era } from "./support/contract-transports.js";

// One transport contract: the same table of cases runs over every transport, platform build and
// gateway in both protocol eras. A difference is either fixed or listed in LIMITS with the
// documented error the case must meet instead (packages/framework/docs/transport-contract.md).

type CallResult = { isError?: boolean; content?: Array<{ type: string; text?: string }>; structuredContent?: unknown };

// A tool's result as the model reads it; a failed call throws its text, so a limit can name it.
function textOf(result: CallResult): string {
  const text = (result.content ?? []).map((c) => c.text ?? "").join("");
  if (result.isError) throw new Error(text);
  return text;
}

async function call(t: ContractClient, name: string, args: Record<string, unknown> = {}, options: object = {}): Promise<CallResult> {
  return (await t.client.callTool({ name: t.tool(name), arguments: args }, options)) as CallResult;
}

const AS_SENT = { "~standard": { version: 1 as const, vendor: "transport-contract", validate: (value: unknown) => ({ value }) } };

const LOG_LEVEL = { "io.modelcontextprotocol/logLevel": "info" };

// A task-capable tool called as a task (2025-11-25 experimental tasks): created, polled, its
// result fetched, listed for its owner when `listed`, and a cursor the server never issued refused.
async function runTask(t: ContractClient, listed: boolean): Promise<void> {
  if (t.era === "2026-07-28") {
    // A client that did not declare the Tasks extension gets the plain result.
    expect((await call(t, "double", { n: 21 })).structuredContent).toEqual({ result: 42 });
    return;
  }
  // Experimental tasks have no client helper in the SDK: raw requests, results taken as they come.
  const request = (method: string, params: Record<string, unknown>) => t.client.request({ method, params } as never, AS_SENT) as Promise<Record<string, any>>;
  const created = await request("tools/call", { name: t.tool("double"), arguments: { n: 21 }, task: { ttl: 60_000 } });
  const taskId = created.task?.taskId as string;
  expect(taskId).toEqual(expect.any(String));
  await expect.poll(async () => (await request("tasks/get", { taskId })).status, { timeout: 10_000, interval: 20 }).toBe("completed");
  expect((await request("tasks/result", { taskId })).structuredContent).toEqual({ result: 42 });
  const ids = (await request("tasks/list", {})).tasks.map((task: { taskId: string }) => task.taskId);
  if (listed) expect(ids).toContain(taskId);
  else expect(ids).toEqual([]);
  await expect(request("tasks/list", { cursor: "garbage" })).rejects.toThrow('Invalid cursor for tasks/list: "garbage" is not a cursor this server issued');
}

/** Each case, by name: what it proves. A case throws what the transport answered when it differs. */
const CASES: Record<string, (t: ContractClient) => Promise<void>> = {
  async list(t) {
    const { tools } = await t.client.listTools();
    const add = tools.find((tool) => tool.name === t.tool("add"));
    expect(add?.inputSchema).toMatchObject({ type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] });
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["count", "chatter", "wait", "askName", "askModel", "double", "card"].map(t.tool)));
  },
  async call(t) {
    const result = (await call(t, "add", { a: 2, b: 3 })) as CallResult & { _meta?: Record<string, { name?: string } | undefined> };
    expect(result.structuredContent).toEqual({ result: 5 });
    // 2026-07-28 results name the server that answered: the gateway, never a part behind it.
    if (t.era === "2026-07-28") expect(result._meta?.["io.modelcontextprotocol/serverInfo"]?.name).toBe(t.serverName);
  },
  async "invalid arguments"(t) {
    const result = await call(t, "add", { a: "two", b: 3 });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/"a"|\ba\b.*number/);
  },
  async "unknown tool"(t) {
    await expect(call(t, "nope")).rejects.toThrow(/Unknown tool: "[a-z_]*nope"/);
  },
  async progress(t) {
    const seen: number[] = [];
    const result = await call(t, "count", { to: 3 }, { onprogress: (p: { progress: number }) => void seen.push(p.progress) });
    expect(result.structuredContent).toEqual({ result: 3 });
    // The client handles a notification read in the same chunk as the answer a moment after it.
    await expect.poll(() => seen, { timeout: 10_000, interval: 10 }).toEqual([1, 2, 3]);
  },
  async cancellation(t) {
    const controller = new AbortController();
    const called = call(t, "wait", { ms: 15_000 }, { signal: controller.signal, onprogress: () => controller.abort("the user stopped it") });
    await expect(called).rejects.toThrow();
    // The tool itself saw the cancellation (its signal aborted), not only the client.
    await expect.poll(async () => textOf(await call(t, "waitOutcome")), { timeout: 10_000, interval: 100 }).toBe("cancelled");
  },
  async logging(t) {
    const before = t.heard.logs.length;
    const result = await t.client.callTool({ name: t.tool("chatter"), arguments: {}, ...(t.era === "2026-07-28" ? { _meta: LOG_LEVEL } : {}) });
    expect(textOf(result as CallResult)).toBe("logged");
    await expect
      .poll(() => t.heard.logs.slice(before), { timeout: 10_000, interval: 20 })
      .toContainEqual(expect.objectContaining({ level: "info", data: { message: "contract log line", data: { from: "chatter" } } }));
  },
  async elicitation(t) {
    expect(textOf(await call(t, "askName"))).toBe("Hello, Ada");
  },
  async sampling(t) {
    expect(textOf(await call(t, "askModel", { question: "The answer?" }))).toBe("contract-model: 42");
  },
  tasks: (t) => runTask(t, true),
  async resources(t) {
    const { resources } = await t.client.listResources();
    const info = resources.find((r) => r.uri === t.uri("info://contract"));
    if (!info) throw new Error(`no resource "${t.uri("info://contract")}" among ${JSON.stringify(resources.map((r) => r.uri))}`);
    expect(JSON.parse(((await t.client.readResource({ uri: info.uri })).contents[0] as { text: string }).text)).toEqual({ server: "contract" });
    const { resourceTemplates } = await t.client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate)).toContain(t.uri("note://{name}"));
    const uri = t.uri("note://{name}").replace("{name}", "todo");
    expect((await t.client.readResource({ uri })).contents[0]).toMatchObject({ uri, text: "note todo" });
  },
  async prompts(t) {
    const { prompts } = await t.client.listPrompts();
    const greet = prompts.find((p) => p.name === t.tool("greet"));
    if (!greet) throw new Error(`no prompt "${t.tool("greet")}" among ${JSON.stringify(prompts.map((p) => p.name))}`);
    const { messages } = await t.client.getPrompt({ name: greet.name, arguments: { name: "Ada" } });
    expect(messages[0]!.content).toMatchObject({ type: "text", text: "Say hello to Ada." });
  },
  async views(t) {
    const { tools } = await t.client.listTools();
    const uri = (tools.find((tool) => tool.name === t.tool("card"))?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
    if (!uri) throw new Error(`tool "${t.tool("card")}" carries no _meta.ui`);
    const page = (await t.client.readResource({ uri })).contents[0] as { mimeType?: string; text?: string };
    expect(page.mimeType).toBe(VIEW_MIME);
    expect(page.text).toMatch(/^<!doctype html>/i);
  },
  async "auth and scopes"(t) {
    if (t.post) {
      const refused = await t.post({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }, false);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    // A shared token (or stdio) is granted the whole server: declared scopes are OAuth's, checked
    // against verified tokens only (the OAuth suites cover those: task-scopes-http.test.ts).
    expect(textOf(await call(t, "secret"))).toBe("the secret");
  },
  async "list changes"(t) {
    const before = t.heard.toolListChanges;
    try {
      expect(textOf(await call(t, "toggle", { enabled: false }))).toBe("hidden");
      expect((await t.client.listTools()).tools.map((tool) => tool.name)).not.toContain(t.tool("extra"));
      await expect.poll(() => t.heard.toolListChanges, { timeout: 10_000, interval: 20 }).toBeGreaterThan(before);
    } finally {
      await call(t, "toggle", { enabled: true });
    }
  },
};

type CaseName = keyof typeof CASES;

/**
 * A documented difference: the error the case meets instead, or (where the difference is that
 * something is not offered) what the transport does instead, asserted in its place.
 */
type Limit = { error: RegExp } | { instead: (t: ContractClient) => Promise<void> };

// Why each stateless transport is so, as its refusals say it: a flag, or a Workers build without its binding.
const STATELESS_WHY: Record<string, string> = {
  "Node listener --stateless": "--stateless",
  "workerd (contract.workers.js)": "a Workers build without the MCP_STATE Durable Object binding",
};
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const statelessAsk = (transport: string): Limit => ({
  error: new RegExp(
    `This server runs over stateless HTTP \\(${escaped(STATELESS_WHY[transport]!)}\\), which keeps no session to send a request to the client on in protocol 2025-11-25`,
  ),
});
// No session links notifications/cancelled to its call: refused in words. The official SDK clients
// keep the call's POST open after cancelling, so for their users the tool runs to its end.
const statelessCancel = (transport: string): Limit => ({
  async instead(t) {
    const refused = await t.post!({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "stop" } }, true);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(`notifications/cancelled cannot reach a call on a stateless server (${STATELESS_WHY[transport]})`);
    const controller = new AbortController();
    const called = call(t, "wait", { ms: 1_000 }, { signal: controller.signal, onprogress: () => controller.abort("the user stopped it") });
    await expect(called).rejects.toThrow();
    await expect.poll(async () => textOf(await call(t, "waitOutcome")), { timeout: 10_000, interval: 100 }).toBe("waited");
  },
});
// No stream to send a change on: the server does not claim listChanged; the next list shows the change.
const STATELESS_LIST_CHANGES: Limit = {
  async instead(t) {
    expect(t.client.getServerCapabilities()?.tools).toEqual({});
    try {
      await call(t, "toggle", { enabled: false });
      expect((await t.client.listTools()).tools.map((tool) => tool.name)).not.toContain(t.tool("extra"));
    } finally {
      await call(t, "toggle", { enabled: true });
    }
  },
};
const WORKERS_CANCEL: Limit = {
  async instead(t) {
    const controller = new AbortController();
    const called = call(t, "wait", { ms: 2_000 }, { signal: controller.signal, onprogress: () => controller.abort("the user stopped it") });
    await expect(called).rejects.toThrow();
    await expect.poll(async () => textOf(await call(t, "waitOutcome")), { timeout: 10_000, interval: 100 }).toBe("waited");
  },
};
// The gateway speaks 2026-07-28 to the contract's stdio server, whose tools/list says nothing of
// tasks (the Tasks extension decides per call), so its tools are not served as tasks: -32601, as
// the tasks specification says for a tool without task support. A 2025-11-25 remote server's task
// tools are (test/gateway-tasks.test.ts).
const REMOTE_TASK: Limit = {
  async instead(t) {
    const params = { name: t.tool("double"), arguments: { n: 1 }, task: { ttl: 60_000 } };
    const error = (await t.client.request({ method: "tools/call", params } as never, AS_SENT).catch((e: unknown) => e)) as { code?: number; message?: string };
    expect(error.code).toBe(-32601);
    expect(error.message).toMatch(/Tool "remote_double" does not run as a task: call it without params\.task\./);
  },
};

/** Where a transport cannot do something, per era: the documented error the case asserts. */
function limitOf(transport: string, era: Era, name: CaseName): Limit | undefined {
  const stateless = transport === "Node listener --stateless" || transport.startsWith("workerd");
  // workerd does not abort a request's signal when its client goes away: the call is cancelled
  // for the client, and the tool runs on to its end.
  if (era === "2026-07-28" && transport.startsWith("workerd") && name === "cancellation") return WORKERS_CANCEL;
  if (era === "2025-11-25" && stateless) {
    if (name === "elicitation" || name === "sampling") return statelessAsk(transport);
    if (name === "cancellation") return statelessCancel(transport);
    if (name === "list changes") return STATELESS_LIST_CHANGES;
    // A task made without a session or a verified token has no owner: reached by its id, listed for nobody.
    if (name === "tasks") return { instead: (t) => runTask(t, false) };
  }
  if (transport === "gateway, mounted remote server" && name === "tasks" && era === "2025-11-25") return REMOTE_TASK;
  return undefined;
}

const matrix: Array<{ transport: string; era: Era; name: string; outcome: "pass" | "limit" | "skipped" }> = [];

const transports = contractTransports();
// The fixture is built once per run by test/contract-setup.ts.
afterAll(() => {
  const rows = [...new Set(matrix.map((m) => m.transport))].map((transport) => {
    const cells = ERAS.map((era) => {
      const mine = matrix.filter((m) => m.transport === transport && m.era === era);
      return `${mine.filter((m) => m.outcome === "pass").length} pass / ${mine.filter((m) => m.outcome === "limit").length} limit${mine.some((m) => m.outcome === "skipped") ? " (skipped)" : ""}`;
    });
    return `| ${transport} | ${cells.join(" | ")} |`;
  });
  const limits = matrix.filter((m) => m.outcome === "limit").map((m) => `- ${m.transport}, ${m.era}: ${m.name}`);
  process.stderr.write(
    `\nTransport contract: ${Object.keys(CASES).length} cases × ${transports.length} transports × ${ERAS.length} eras\n| transport | ${ERAS.join(" | ")} |\n|---|---|---|\n${rows.join("\n")}\nDocumented limits:\n${limits.join("\n")}\n`,
  );
});

for (const transport of transports) {
  describe.skipIf(transport.missing !== undefined)(`${transport.id}${transport.missing ? ` (skipped: ${transport.missing})` : ""}`, () => {
    beforeAll(() => transport.start(), 60_000);
    afterAll(() => transport.stop());
    for (const era of ERAS) {
      describe(era, () => {
        let t: ContractClient;
        beforeAll(async () => {
          t = await transport.connect(era);
        }, 30_000);
        afterAll(() => t?.client.close());
        for (const [name, run] of Object.entries(CASES)) {
          const limit = limitOf(transport.id, era, name);
          test(limit ? `${name}: documented limit` : name, async () => {
            if (!limit) await run(t);
            else if ("error" in limit) await expect(run(t)).rejects.toThrow(limit.error);
            else await limit.instead(t);
            matrix.push({ transport: transport.id, era, name, outcome: limit ? "limit" : "pass" });
          });
        }
      });
    }
    // Every address a caller is known by on this transport, per era: none over stdio; a mounted
    // remote server sees the gateway as its one caller.
    const addressed = transport.connectFrom !== undefined && transport.id !== "gateway, mounted remote server";
    describe.skipIf(!addressed)("callers by address", () => {
      for (const [index, era] of ERAS.entries()) {
        test(`${era}: two addresses are two callers (rate limit, cached results); a forged X-Forwarded-For changes nothing`, async () => {
          await callersByAddress(transport, era, [2, 3, 4].map((n) => `127.0.0.${n + 3 * index}`) as [string, string, string]);
        });
        test(`${era}: behind the trusted proxy, two forwarded clients are two callers`, async () => {
          await forwardedCallers(transport, era, [`198.51.100.${1 + 2 * index}`, `198.51.100.${2 + 2 * index}`]);
        });
      }
      // A 2026-07-28 client that does not declare the Tasks extension gets plain results (the tasks case).
      test("2025-11-25: each address has its own task cap", async () => {
        await taskCapsByAddress(transport, ["127.0.0.20", "127.0.0.21"]);
      });
    });
  });
}

// Three clients at three loopback addresses, the third sending an X-Forwarded-For of its own.
async function callersByAddress(transport: (typeof transports)[number], era: Era, [a, b, c]: [string, string, string]): Promise<void> {
  const clients = await Promise.all([
    transport.connectFrom!(era, a),
    transport.connectFrom!(era, b),
    transport.connectFrom!(era, c, { "X-Forwarded-For": "198.51.100.7" }),
  ]);
  const [first, second, forged] = clients;
  try {
    expect([await countKey(first), await countKey(second), await countKey(forged)]).toEqual([`address:${a}`, `address:${b}`, `address:${c}`]);
    await expectTwoCallers(first, second);
  } finally {
    await Promise.all(clients.map((t) => t.client.close()));
  }
}

// Two clients behind the one proxy the server trusts: each known by the address the proxy forwarded.
async function forwardedCallers(transport: (typeof transports)[number], era: Era, [a, b]: [string, string]): Promise<void> {
  const clients = await Promise.all([a, b].map((client) => transport.connectFrom!(era, TRUSTED_PROXY, { "X-Forwarded-For": client })));
  const [first, second] = clients as [ContractClient, ContractClient];
  try {
    expect([await countKey(first), await countKey(second)]).toEqual([`address:${a}`, `address:${b}`]);
    await expectTwoCallers(first, second);
  } finally {
    await Promise.all(clients.map((t) => t.client.close()));
  }
}

// Each caller has a rate limit and cached results of its own.
async function expectTwoCallers(first: ContractClient, second: ContractClient): Promise<void> {
  expect(textOf(await call(first, "limited"))).toBe("ok");
  await expect(call(first, "limited")).rejects.toThrow(/Rate limit reached: at most 1 calls of (\w+_)?limited per 60 s/);
  expect(textOf(await call(second, "limited"))).toBe("ok");
  const stamp = async (t: ContractClient) => (await call(t, "stamp")).structuredContent;
  const mine = await stamp(first);
  expect(await stamp(first)).toEqual(mine);
  expect(await stamp(second)).not.toEqual(mine);
}

const countKey = async (t: ContractClient) => ((await call(t, "whoami")).structuredContent as { countKey: string }).countKey;

// The contract servers let one caller run TASKS_PER_CALLER tasks at once: the next from the same
// address is refused in words, while another address starts its own.
async function taskCapsByAddress(transport: (typeof transports)[number], [a, b]: [string, string]): Promise<void> {
  const clients = await Promise.all([a, b].map((address) => transport.connectFrom!("2025-11-25", address)));
  const [first, second] = clients as [ContractClient, ContractClient];
  const hold = (t: ContractClient) =>
    t.client.request({ method: "tools/call", params: { name: t.tool("hold"), arguments: {}, task: { ttl: 60_000 } } } as never, AS_SENT) as Promise<{
      task?: { status: string };
    }>;
  try {
    expect((await hold(first)).task?.status).toBe("working");
    await expect(hold(first)).rejects.toThrow(
      `Task limit maxTasksPerOwner (${TASKS_PER_CALLER} tasks) reached: you have as many tasks running as one client may. Wait for tasks to finish or expire, then try again; whoever runs the server can raise it with --max-tasks-per-owner or MCP_MAX_TASKS_PER_OWNER, or serve(…, { taskLimits: { maxTasksPerOwner } }).`,
    );
    expect((await hold(second)).task?.status).toBe("working");
  } finally {
    await call(first, "release");
    await Promise.all(clients.map((t) => t.client.close()));
  }
}

// MCP ties no log message to a request: a gateway passes a remote server's log message on only
// while one call is in flight on that connection, so one caller never hears another's.
describe("a mounted remote server's log messages, with two callers at once", () => {
  const gateway = transports.find((t) => t.id === "gateway, mounted remote server")!;
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  test("reach neither caller while both calls run, and the caller alone once the other is done", async () => {
    const [waiting, chatting] = await Promise.all([gateway.connect("2025-11-25"), gateway.connect("2025-11-25")]);
    try {
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const waited = call(waiting, "wait", { ms: 1_000 }, { onprogress: () => started() });
      await running;
      expect(textOf(await call(chatting, "chatter"))).toBe("logged");
      expect(textOf(await waited)).toBe("waited");
      expect([...waiting.heard.logs, ...chatting.heard.logs]).toEqual([]);
      expect(textOf(await call(chatting, "chatter"))).toBe("logged");
      await expect.poll(() => chatting.heard.logs, { timeout: 10_000, interval: 20 }).toHaveLength(1);
      expect(waiting.heard.logs).toEqual([]);
    } finally {
      await Promise.all([waiting.client.close(), chatting.client.close()]);
    }
  });
});
