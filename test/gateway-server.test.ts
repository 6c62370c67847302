import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { startFakeNws, type FakeNws } from "../packages/weather-server/src/__fixtures__/fake-nws.js";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { HOST_SERVERS } from "./support/host-cli.js";
import { fromRoot } from "./support/paths.js";
import { request2026 } from "./support/request-2026.js";

// The gateway sample: the calculator, towns and weather classes mounted under prefixes, and the
// reference "everything" server, started over stdio from an mcp.json and mounted as a remote part,
// all behind one Streamable HTTP endpoint.
const GATEWAY = fromRoot("packages/gateway-server/dist/gateway.js");
const WEATHER_ENV = { NWS_USER_AGENT: "typemcp-tests (ops@example.test)", NWS_TIMEOUT_MS: "10000", NWS_RETRY_BASE_MS: "5" };

let nws: FakeNws;
let gateway: HttpServerProcess;
beforeAll(async () => {
  nws = await startFakeNws();
  const config = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-gateway-")), "mcp.json");
  // Its entry's transforms: one tool renamed with an argument fixed, one hidden, one prompt hidden.
  const everything = {
    command: process.execPath,
    args: [HOST_SERVERS.everything, "stdio"],
    tools: { "get-sum": { name: "sum", arguments: { b: { value: 2 } } }, "get-env": { hidden: true } },
    prompts: { "args-prompt": { hidden: true } },
  };
  fs.writeFileSync(config, JSON.stringify({ mcpServers: { everything } }));
  gateway = await startHttpServer(GATEWAY, [], { ...WEATHER_ENV, NWS_API_BASE: nws.baseUrl, GATEWAY_MCP_CONFIG: config });
});
afterAll(async () => {
  await gateway?.stop();
  await nws?.close();
});

// The official v2 client, in the era asked for: `legacy` opens with initialize (2025-11-25).
async function connectAs(protocol: "2025-11-25" | "2026-07-28"): Promise<Client> {
  const client = new Client(
    { name: "gateway-test", version: "1.0.0" },
    { versionNegotiation: { mode: protocol === "2025-11-25" ? "legacy" : { pin: protocol } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(gateway.url)));
  return client;
}

describe.each(["2025-11-25", "2026-07-28"] as const)("the gateway sample, for a %s client", (protocol) => {
  test("lists every part's tools under its prefix and calls a local and a remote one", async () => {
    const client = await connectAs(protocol);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(protocol);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(["calc_add", "towns_get_schools", "weather_get_alerts", "everything_echo", "everything_sum"]));
      expect(names).not.toContain("everything_get-sum");
      expect(names).not.toContain("everything_get-env");
      expect(names.every((name) => /^(calc|towns|weather|everything)_/.test(name))).toBe(true);
      expect(await client.callTool({ name: "calc_add", arguments: { a: 2, b: 3 } })).toMatchObject({ structuredContent: { result: 5 } });
      expect(await client.callTool({ name: "towns_get_schools", arguments: { town: "Newton" } })).toMatchObject({ structuredContent: { town: "Newton" } });
      expect(await client.callTool({ name: "weather_get_alerts", arguments: { state: "OR" } })).toMatchObject({ structuredContent: { state: "OR", count: 1 } });
      // Served by the everything server over stdio, through the gateway, with the b the mcp.json fixes.
      expect(await client.callTool({ name: "everything_sum", arguments: { a: 40 } })).toMatchObject({
        content: [{ type: "text", text: expect.stringContaining("42") }],
      });
      expect(await client.callTool({ name: "calc_divide", arguments: { a: 1, b: 0 } })).toMatchObject({ isError: true });
    } finally {
      await client.close();
    }
  });

  test("proxies the remote server's resource templates and prompts, as its mcp.json entry transforms them", async () => {
    const client = await connectAs(protocol);
    try {
      const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
      expect(templates).toContain("demo://everything/resource/dynamic/text/{resourceId}");
      const { contents } = await client.readResource({ uri: "demo://everything/resource/dynamic/text/7" });
      expect(contents).toEqual([expect.objectContaining({ uri: "demo://everything/resource/dynamic/text/7", text: expect.stringMatching(/^Resource 7: /) })]);
      const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
      expect(prompts).toEqual(expect.arrayContaining(["everything_simple-prompt", "everything_completable-prompt"]));
      expect(prompts).not.toContain("everything_args-prompt");
      expect((await client.getPrompt({ name: "everything_simple-prompt" })).messages).toEqual([
        { role: "user", content: { type: "text", text: "This is a simple prompt without arguments." } },
      ]);
      const completion = await client.complete({
        ref: { type: "ref/resource", uri: "demo://everything/resource/dynamic/text/{resourceId}" },
        argument: { name: "resourceId", value: "3" },
      });
      expect(completion.completion.values).toEqual(["3"]);
    } finally {
      await client.close();
    }
  });
});

// Scopes a gateway adds to a remote server's tools and prompts, in its mcp.json entry: API keys
// (--api-keys) make callers with and without them.
describe("the gateway sample, with scopes its mcp.json adds to a remote server", () => {
  const ADMIN_KEY = "admin-0123456789abcdef0123456789abcdef";
  const READER_KEY = "reader-0123456789abcdef0123456789abcd";
  let scoped: HttpServerProcess;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-gateway-scopes-"));
    const keys = [
      { name: "admin", key: ADMIN_KEY, scopes: ["everything:images", "everything:prompts"] },
      { name: "reader", key: READER_KEY },
    ];
    fs.writeFileSync(path.join(dir, "keys.json"), JSON.stringify(keys));
    const everything = {
      command: process.execPath,
      args: [HOST_SERVERS.everything, "stdio"],
      tools: { "get-tiny-image": { scopes: ["everything:images"] } },
      prompts: { "simple-prompt": { scopes: ["everything:prompts"] } },
    };
    fs.writeFileSync(path.join(dir, "mcp.json"), JSON.stringify({ mcpServers: { everything } }));
    scoped = await startHttpServer(GATEWAY, ["--api-keys", path.join(dir, "keys.json")], {
      ...WEATHER_ENV,
      NWS_API_BASE: nws.baseUrl,
      GATEWAY_MCP_CONFIG: path.join(dir, "mcp.json"),
    });
  });
  afterAll(() => scoped?.stop());

  const send = async (key: string, method: string, params: Record<string, unknown>) =>
    fetch(request2026(scoped.url, method, params, { headers: { Authorization: `Bearer ${key}` } }));
  const listed = async (key: string, method: "tools/list" | "prompts/list") => {
    const { result } = (await (await send(key, method, {})).json()) as { result: { tools?: { name: string }[]; prompts?: { name: string }[] } };
    return (result.tools ?? result.prompts ?? []).map((item) => item.name);
  };

  test("a caller without the scope neither sees nor calls the tool, nor sees the prompt; one with it does", async () => {
    expect(await listed(READER_KEY, "tools/list")).not.toContain("everything_get-tiny-image");
    expect(await listed(READER_KEY, "tools/list")).toContain("everything_echo");
    expect(await listed(READER_KEY, "prompts/list")).not.toContain("everything_simple-prompt");
    const refused = await send(READER_KEY, "tools/call", { name: "everything_get-tiny-image", arguments: {} });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toMatch(/error="insufficient_scope", scope="everything:images"/);

    expect(await listed(ADMIN_KEY, "tools/list")).toContain("everything_get-tiny-image");
    expect(await listed(ADMIN_KEY, "prompts/list")).toContain("everything_simple-prompt");
    const image = (await (await send(ADMIN_KEY, "tools/call", { name: "everything_get-tiny-image", arguments: {} })).json()) as {
      result: { content: { type: string }[] };
    };
    expect(image.result.content.map((block) => block.type)).toContain("image");
  });
});
