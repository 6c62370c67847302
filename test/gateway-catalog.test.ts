import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServer, type TypemcpServer } from "typemcp";
import { connectServer, type ServerConnection } from "typemcp/host";
import { connect, type TestClient } from "typemcp/testing";
import { fromRoot } from "./support/paths.js";
import { notified } from "./support/notified.js";

// A gateway in this process mounts a server on the official SDK over stdio (a real process) that
// declares what a typemcp server cannot: templates in RFC 6570's other forms, a completion that
// reads the other variables, a tool with an MCP Apps view, lists that change. A client of either
// era reaches them through the gateway, the gateway speaking either era to the server.
const CATALOG = fromRoot("test/fixtures/catalog-server.mjs");
const ERAS = ["2025-11-25", "2026-07-28"] as const;
const PAIRS = ERAS.flatMap((client) => ERAS.map((upstream) => [client, upstream] as const));

describe.each(PAIRS)("a gateway proxying the catalog server, for a %s client, to a %s server", (protocolVersion, upstream) => {
  let remote: ServerConnection;
  let gateway: TypemcpServer;
  let client: TestClient;
  beforeAll(async () => {
    remote = await connectServer(
      { kind: "stdio", name: "catalog", command: process.execPath, args: [CATALOG], env: {}, inheritEnv: true },
      { timeoutMs: 10_000, clientName: "gateway-test", clientVersion: "1.0.0", protocol: upstream, proxy: true },
    );
    expect(remote.era.name).toBe(upstream);
    gateway = createServer([], { name: "gateway", version: "0.0.1" });
    gateway.mount("cat", remote, { tools: { echo: { name: "say", description: "Say it back, through the gateway." } } });
    client = await connect(gateway, { protocolVersion });
  });
  afterAll(async () => {
    await client?.close();
    await remote?.close();
  });

  test("serves templates with several variables, {+path} and {?query}, and reads each expansion there", async () => {
    expect((await client.listResourceTemplates()).map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining(["docs://cat/{+path}", "search://cat/items{?q,limit}", "map://cat/{region}/{tile}"]),
    );
    expect(await client.readText("docs://cat/guides/setup/first.md")).toBe("doc at guides/setup/first.md");
    expect(await client.readText("search://cat/items?q=tea&limit=2")).toBe("items matching tea, at most 2");
    expect(await client.readText("map://cat/north/3")).toBe("tile 3 of the north");
  });

  test("forwards a completion's context.arguments to the remote server", async () => {
    expect((await client.complete({ resource: "map://cat/{region}/{tile}" }, "tile", "", { region: "north" })).values).toEqual(["3", "4"]);
    expect((await client.complete({ resource: "map://cat/{region}/{tile}" }, "tile", "", { region: "south" })).values).toEqual(["7"]);
  });

  test("serves a remote tool's view under the gateway's URI for it, to a client that renders views, and reads the page there", async () => {
    const viewer = await connect(gateway, { protocolVersion, views: true });
    try {
      const show = (await viewer.listTools()).find((t) => t.name === "cat_show")!;
      expect((show as { _meta?: Record<string, unknown> })._meta).toMatchObject({ ui: { resourceUri: "ui://cat/catalog/show" } });
      expect(await viewer.readResource("ui://cat/catalog/show")).toEqual([
        { uri: "ui://cat/catalog/show", mimeType: "text/html;profile=mcp-app", text: "<p>the catalog's view</p>" },
      ]);
    } finally {
      await viewer.close();
    }
    // A client that renders no views sees the tool without one, as a tool of the gateway's own.
    const plain = (await client.listTools()).find((t) => t.name === "cat_show")!;
    expect((plain as { _meta?: Record<string, unknown> })._meta?.ui).toBeUndefined();
  });

  test("follows the remote server's list changes: lists again, transforms made again, and tells its own callers", async () => {
    const toolsChanged = notified(client, "notifications/tools/list_changed");
    const promptsChanged = notified(client, "notifications/prompts/list_changed");
    const grown = await client.callResult("cat_grow");
    const added = Number(/added (\d+)/.exec((grown.content![0] as { text: string }).text)![1]);
    await Promise.all([toolsChanged, promptsChanged]);
    const names = (await client.listTools()).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["cat_say", "cat_show", "cat_grow", `cat_extra${added}`]));
    expect(names).not.toContain("cat_echo");
    expect((await client.listTools()).find((t) => t.name === "cat_say")!.description).toBe("Say it back, through the gateway.");
    expect((await client.callResult(`cat_extra${added}`)).content).toEqual([{ type: "text", text: `extra ${added}` }]);
    expect((await client.listPrompts()).map((p) => p.name)).toContain(`cat_extra${added}`);
  });
});
