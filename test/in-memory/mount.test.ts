import { afterEach, describe, expect, test, vi } from "vitest";
import { BuildError, createServer, type TypemcpServer } from "typemcp";
import { connect, type TestClient } from "typemcp/testing";
import { mark, MiddlewareTools, trail } from "../fixtures/src/middleware-tools.js";
import { RichTools } from "../fixtures/src/rich-tools.js";

const open: TestClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  trail.length = 0;
});

function gateway(): TypemcpServer {
  const server = createServer([], { name: "gateway", version: "0.0.1", use: [mark("gateway")] });
  server.mount("rich", new RichTools());
  server.mount("shop", createServer(new MiddlewareTools(), { name: "shop", version: "0.0.1", use: [mark("shop")] }));
  return server;
}

describe.each(["2025-11-25", "2026-07-28"] as const)("a server mounted into another, for a %s client", (protocolVersion) => {
  test("serves each part's tools, prompts and resources under its prefix", async () => {
    const client = await connect(gateway(), { protocolVersion });
    open.push(client);
    const names = (await client.listTools()).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["rich_count", "shop_echo", "shop_price", "shop_ticket"]));
    expect(names.every((name) => /^(rich|shop)_/.test(name))).toBe(true);
    expect(await client.call("shop_ticket")).toBe(1);
    expect((await client.listPrompts()).map((p) => p.name)).toEqual(expect.arrayContaining(["rich_chat"]));
    expect((await client.listResources()).map((r) => r.uri)).toEqual(["config://rich/app", "image://rich/logo", "report://shop/daily"]);
    expect((await client.listResourceTemplates()).map((r) => r.uriTemplate)).toEqual(["note://rich/{name}", "archive://rich/page/{page}"]);
    expect(await client.readResource("note://rich/welcome")).toEqual([{ uri: "note://rich/welcome", mimeType: "text/plain", text: "Hello there." }]);
    await expect(client.readResource("note://welcome")).rejects.toThrow(/Resource not found/);
    await expect(client.callResult("ticket")).rejects.toThrow(/Unknown tool: "ticket"/);
  });

  test("keeps a mounted server's middleware, inside the gateway's", async () => {
    const client = await connect(gateway(), { protocolVersion });
    open.push(client);
    await client.listTools();
    trail.length = 0;
    expect(await client.call("shop_echo", { text: "hi" })).toBe("hi");
    expect(trail).toEqual([
      "gateway request tools/call",
      "gateway before shop_echo",
      "shop before shop_echo",
      "class before shop_echo",
      "method before shop_echo",
      "tool echo",
      "method after shop_echo",
      "class after shop_echo",
      "shop after shop_echo",
      "gateway after shop_echo",
      "gateway request done",
    ]);
  });
});

describe("mount()", () => {
  test("nests prefixes when a gateway is mounted into another", async () => {
    const outer = createServer([], { name: "outer", version: "0.0.1" });
    outer.mount("eu", gateway());
    const client = await connect(outer);
    open.push(client);
    expect(await client.call("eu_shop_ticket")).toBe(1);
    expect(await client.readResource("note://eu_rich/weekly")).toMatchObject([{ text: "Ship the release." }]);
  });

  test("refuses a name served twice, a bad prefix and a server mounted into itself", () => {
    const server = gateway();
    expect(() => server.mount("shop", new MiddlewareTools())).toThrow(BuildError);
    expect(() => server.mount("shop", new MiddlewareTools())).toThrow(/tool "shop_echo" is served twice/);
    expect(() => server.mount("no spaces", new MiddlewareTools())).toThrow(
      'mount(): the prefix must be 1 to 64 letters, digits or "-", starting with a letter or digit, not "no spaces".',
    );
    expect(() => server.mount("self", server)).toThrow("mount(): a server cannot be mounted into itself.");
  });
});

describe("mount() with transforms", () => {
  function transformed(): TypemcpServer {
    const server = createServer([], { name: "gateway", version: "0.0.1" });
    server.mount("rich", new RichTools(), {
      tools: {
        count: { name: "count_to", arguments: { to: { default: 2 } } },
        setNote: { arguments: { name: { value: "weekly" } } },
        toggle: { hidden: true },
      },
      prompts: { chat: { hidden: true } },
      resources: { "note://{name}": { scopes: ["notes:read"] } },
    });
    return server;
  }

  test("renames, hides, defaults and fixes a mounted instance's tools, and hides its prompts", async () => {
    const client = await connect(transformed());
    open.push(client);
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).not.toEqual(expect.arrayContaining(["rich_count"]));
    expect(tools.map((t) => t.name)).not.toContain("rich_toggle");
    expect(tools.find((t) => t.name === "rich_count_to")!.inputSchema).toMatchObject({ properties: { to: { type: "number", default: 2 } } });
    expect(await client.call("rich_count_to")).toBe(2);
    expect(await client.callError("rich_count_to", { to: "three" })).toBe(
      'Invalid arguments for tool "rich_count_to":\n- to: expected number, got string "three"',
    );
    expect(tools.find((t) => t.name === "rich_setNote")!.inputSchema.properties).toEqual({ text: { type: "string" } });
    await client.call("rich_setNote", { text: "Fixed." });
    expect(await client.readText("note://rich/weekly")).toBe("Fixed.");
    expect((await client.listPrompts()).map((p) => p.name)).toEqual(["rich_review"]);
    await expect(client.getPrompt("rich_chat", { question: "?" })).rejects.toThrow(/Unknown prompt: "rich_chat"/);
  });

  test("keeps a server's transforms when that server is mounted into another", async () => {
    const outer = createServer([], { name: "outer", version: "0.0.1" });
    outer.mount("eu", transformed());
    const client = await connect(outer);
    open.push(client);
    const names = (await client.listTools()).map((t) => t.name);
    expect(names).toContain("eu_rich_count_to");
    expect(names).not.toContain("eu_rich_count");
    expect(names).not.toContain("eu_rich_toggle");
    expect(await client.call("eu_rich_count_to")).toBe(2);
  });

  test("refuses a transform naming what the part lacks, or a new name already served", () => {
    const server = createServer([], { name: "gateway", version: "0.0.1" });
    expect(() => server.mount("rich", new RichTools(), { tools: { cout: { hidden: true } } })).toThrow(
      /^mount\("rich"\): transforms name the tool "cout", which that part does not serve; its tools: count, chatter, /,
    );
    expect(() => server.mount("rich", new RichTools(), { tools: { count: { arguments: { upTo: { value: 1 } } } } })).toThrow(
      'mount("rich"): transforms name the argument "upTo" of tool "count", which it does not take; it takes to.',
    );
    expect(() => server.mount("rich", new RichTools(), { tools: { count: { name: "chatter" } } })).toThrow(
      'tool "rich_chatter" is served twice: mount("rich") renames "count" to a name already served.',
    );
    expect(() => server.mount("rich", new RichTools(), { prompts: { nope: { hidden: true } } })).toThrow(
      'mount("rich"): transforms name the prompt "nope", which that part does not serve; its prompts: review, chat.',
    );
  });
});

// A connected server as `mount()` takes one (what connectServer returns): its tools as it listed
// them, and a call that answers with the name it was called by.
function remoteWithTools(...names: string[]) {
  return {
    tools: names.map((name) => ({ name, inputSchema: { type: "object" } })),
    call: async (tool: string) => ({ content: [{ type: "text", text: `remote ran ${JSON.stringify(tool)}` }] }),
  };
}

describe("a remote server whose tool names break MCP's naming rules", () => {
  test("is mounted with each name made valid, said on stderr, and called by its own name", async () => {
    const said = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    let server: TypemcpServer;
    try {
      server = createServer([], { name: "gateway", version: "0.0.1" });
      server.mount("far", remoteWithTools("has space", "line\nbreak", "fine.name-1"));
      expect(said.mock.calls.map(([line]) => String(line))).toEqual([
        '[typemcp] mount("far"): the remote tool "has space" is served as "far_has_space": MCP tool names use only A-Z, a-z, 0-9, "_", "-" and "." (1 to 128 characters).\n',
        '[typemcp] mount("far"): the remote tool "line\\nbreak" is served as "far_line_break": MCP tool names use only A-Z, a-z, 0-9, "_", "-" and "." (1 to 128 characters).\n',
      ]);
    } finally {
      said.mockRestore();
    }
    const client = await connect(server);
    open.push(client);
    expect((await client.listTools()).map((t) => t.name)).toEqual(["far_has_space", "far_line_break", "far_fine.name-1"]);
    expect(await client.callResult("far_line_break", {})).toMatchObject({ content: [{ type: "text", text: 'remote ran "line\\nbreak"' }] });
  });

  test("refuses two names that become the same, naming both", () => {
    const server = createServer([], { name: "gateway", version: "0.0.1" });
    const said = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(() => server.mount("far", remoteWithTools("a b", "a_b"))).toThrow(
        'tool "far_a_b" is served twice: the remote server mounted as "far" has the tools "a b" and "a_b", which MCP\'s naming rules make the same name. Rename one of them on that server.',
      );
    } finally {
      said.mockRestore();
    }
  });
});
