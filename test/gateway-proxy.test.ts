import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServer, type TypemcpServer } from "typemcp";
import { connectServer, type ServerConnection } from "typemcp/host";
import { connect, type TestClient } from "typemcp/testing";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";
import { notified } from "./support/notified.js";

// A gateway in this process mounts the rich fixture, a real server over real HTTP on 127.0.0.1,
// with transforms; a client of either era reaches its resources, templates, prompts, completions
// and transformed tools through the gateway, the gateway speaking either era to it.
const RICH = fromRoot("test/fixtures/dist/tc39/rich.js");

let rich: HttpServerProcess;
beforeAll(async () => {
  rich = await startHttpServer(RICH);
});
afterAll(async () => {
  await rich?.stop();
});

const ERAS = ["2025-11-25", "2026-07-28"] as const;
const PAIRS = ERAS.flatMap((client) => ERAS.map((upstream) => [client, upstream] as const));

describe.each(PAIRS)("a gateway proxying a remote server, for a %s client, to a %s server", (protocolVersion, upstream) => {
  let remote: ServerConnection;
  let gateway: TypemcpServer;
  let client: TestClient;
  beforeAll(async () => {
    remote = await connectServer(
      { kind: "http", name: "rich", url: rich.url },
      { timeoutMs: 10_000, clientName: "gateway-test", clientVersion: "1.0.0", protocol: upstream, proxy: true },
    );
    expect(remote.era.name).toBe(upstream);
    gateway = createServer([], { name: "gateway", version: "0.0.1" });
    gateway.mount("rich", remote, {
      tools: {
        count: { name: "count_to", description: "Count up, three by default.", arguments: { to: { default: 3 } } },
        setNote: { arguments: { name: { value: "weekly" } } },
        toggle: { hidden: true },
      },
      prompts: { chat: { hidden: true } },
      resources: { "image://logo": { hidden: true } },
    });
    client = await connect(gateway, { protocolVersion });
  });
  afterAll(async () => {
    await client?.close();
    await remote?.close();
  });

  test("lists the remote resources and templates under the prefix, and reads them there", async () => {
    const uris = (await client.listResources()).map((r) => r.uri);
    expect(uris).toContain("config://rich/app");
    expect(uris).not.toContain("image://rich/logo");
    expect((await client.listResourceTemplates()).map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining(["note://rich/{name}", "archive://rich/page/{page}"]),
    );
    expect(await client.readResource("note://rich/welcome")).toEqual([{ uri: "note://rich/welcome", mimeType: "text/plain", text: "Hello there." }]);
    expect(JSON.parse(await client.readText("config://rich/app"))).toEqual({ version: "1.2.3", notes: 2 });
    expect(await client.readText("archive://rich/page/4")).toBe("page 5 of the archive");
  });

  test("answers a read the remote server refuses with its words, and keeps serving", async () => {
    await expect(client.readResource("note://rich/nothing")).rejects.toThrow(/served by another MCP server, which failed: .*No note named "nothing"/);
    await expect(client.readResource("image://rich/logo")).rejects.toThrow(/Resource not found: "image:\/\/rich\/logo"/);
    expect(await client.readText("note://rich/welcome")).toBe("Hello there.");
  });

  test("lists and gets the remote prompts under the prefix, and completes through the remote server", async () => {
    const prompts = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["rich_review"]);
    expect(prompts[0]!.arguments).toEqual([
      { name: "topic", description: "What to review.", required: true },
      { name: "tone", description: "How the review should sound.", required: false },
    ]);
    expect((await client.getPrompt("rich_review", { topic: "the plan", tone: "formal" })).messages).toEqual([
      { role: "user", content: { type: "text", text: "Review the plan in a formal tone." } },
    ]);
    expect((await client.complete({ prompt: "rich_review" }, "tone", "f")).values).toEqual(["formal"]);
    expect((await client.complete({ resource: "note://rich/{name}" }, "name", "w")).values).toEqual(["welcome", "weekly"]);
  });

  test("passes the remote server's elicitation and sampling to the gateway's caller, and the answers back", async () => {
    const asked: string[] = [];
    const caller = await connect(gateway, {
      protocolVersion,
      onElicit: (request) => {
        asked.push(request.message);
        return { action: "accept", content: { name: "Ada" } };
      },
      onSample: (request) => ({
        role: "assistant",
        model: "gateway-caller-model",
        content: { type: "text", text: `you asked: ${(request.messages[0]!.content as { text: string }).text}` },
      }),
    });
    try {
      expect(await caller.callResult("rich_askName")).toMatchObject({ content: [{ type: "text", text: "Hello, Ada" }] });
      expect(asked).toEqual(["What is your name?"]);
      expect(await caller.callResult("rich_ask", { question: "2+2?" })).toMatchObject({
        content: [{ type: "text", text: "gateway-caller-model: you asked: 2+2?" }],
      });
      // A caller that cannot answer is told as for a tool of the gateway's own: in 2025-11-25 the
      // remote tool fails saying so; in 2026-07-28 the question cannot be put in an input round.
      if (protocolVersion === "2025-11-25") expect(await client.callError("rich_askName")).toMatch(/did not declare the elicitation capability/);
      else await expect(client.callResult("rich_askName")).rejects.toThrow(/-32021: Cannot request input/);
    } finally {
      await caller.close();
    }
  });

  test("gives each of two callers asking at once the question of its own call", async () => {
    const named = (name: string) => connect(gateway, { protocolVersion, onElicit: () => ({ action: "accept", content: { name } }) });
    const [ada, grace] = await Promise.all([named("Ada"), named("Grace")]);
    try {
      const [first, second] = await Promise.all([ada.callResult("rich_askName"), grace.callResult("rich_askName")]);
      expect(first.content).toEqual([{ type: "text", text: "Hello, Ada" }]);
      expect(second.content).toEqual([{ type: "text", text: "Hello, Grace" }]);
    } finally {
      await Promise.all([ada.close(), grace.close()]);
    }
  });

  test("subscribes on the remote server for a subscribed caller, which hears of an update under the served URI", async () => {
    // Read first: a 2026-07-28 caller names what it follows in a stream the gateway does not see,
    // so the gateway follows each URI read through it.
    expect(await client.readText("note://rich/weekly")).toEqual(expect.any(String));
    await client.subscribe("note://rich/weekly");
    const updated = notified(client, "notifications/resources/updated", (params) => params.uri === "note://rich/weekly");
    await client.callResult("rich_setNote", { text: `watched by a ${protocolVersion} client` });
    expect((await updated).uri).toBe("note://rich/weekly");
  });

  test("follows the remote server's tools list: a tool it stops serving goes, and comes back transformed", async () => {
    const gone = notified(client, "notifications/tools/list_changed");
    await remote.call("toggle", { name: "count", enabled: false });
    let back: Promise<unknown> | undefined;
    try {
      await gone;
      expect((await client.listTools()).map((t) => t.name)).not.toContain("rich_count_to");
    } finally {
      // The remote server is shared by every era pair: it serves the tool again whatever happened.
      back = notified(client, "notifications/tools/list_changed");
      await remote.call("toggle", { name: "count", enabled: true });
    }
    await back;
    const countTo = (await client.listTools()).find((t) => t.name === "rich_count_to");
    expect(countTo?.description).toBe("Count up, three by default.");
    expect((await client.callResult("rich_count_to", {})).structuredContent).toEqual({ result: 3 });
  });

  test("serves transformed tools: renamed, hidden, a default filled in and a fixed argument sent", async () => {
    const tools = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain("rich_count_to");
    expect(names).not.toContain("rich_count");
    expect(names).not.toContain("rich_toggle");
    const countTo = tools.find((t) => t.name === "rich_count_to")!;
    expect(countTo.description).toBe("Count up, three by default.");
    expect(countTo.inputSchema.properties).toEqual({ to: expect.objectContaining({ type: "number", default: 3 }) });
    expect(countTo.inputSchema.required ?? []).not.toContain("to");
    const setNote = tools.find((t) => t.name === "rich_setNote")!;
    expect(Object.keys(setNote.inputSchema.properties ?? {})).toEqual(["text"]);
    expect(setNote.inputSchema.required).toEqual(["text"]);

    // The default reached the remote server, and its progress came back through the gateway.
    const progress: number[] = [];
    const counted = await client.callResult("rich_count_to", {}, { onProgress: (p) => progress.push(p.progress) });
    expect(counted.structuredContent).toEqual({ result: 3 });
    expect(progress).toEqual([1, 2, 3]);
    expect((await client.callResult("rich_count_to", { to: 1 })).structuredContent).toEqual({ result: 1 });

    // The fixed name reached the remote server: its "weekly" note changed.
    await client.callResult("rich_setNote", { text: `set by a ${protocolVersion} client` });
    expect(await client.readText("note://rich/weekly")).toBe(`set by a ${protocolVersion} client`);
    expect(await client.callError("rich_setNote", { name: "welcome", text: "no" })).toBe(
      'Invalid arguments for tool "rich_setNote":\n- "name" is set by this server and may not be given; leave it out.',
    );
    expect(await client.readText("note://rich/welcome")).toBe("Hello there.");
    await expect(client.callResult("rich_toggle", { name: "count", enabled: false })).rejects.toThrow(/Unknown tool: "rich_toggle"/);
  });
});
