import { spawnSync } from "node:child_process";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { startFakeNws, type FakeNws } from "../packages/weather-server/src/__fixtures__/fake-nws.js";
import { jsonRpcAnswer, post2026, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { CALC_SERVER, fromRoot } from "./support/paths.js";
import { TOWNS_SERVER } from "./support/towns-csv.js";

const WEATHER_SERVER = fromRoot("packages/weather-server/dist/weather.js");
const WEATHER_ENV = { NWS_USER_AGENT: "typemcp-tests (ops@example.test)", NWS_TIMEOUT_MS: "10000", NWS_RETRY_BASE_MS: "5" };

/** The official v2 client, pinned to 2026-07-28: no initialize, a _meta envelope on every request. */
function client2026(): Client {
  return new Client({ name: "typemcp-era-test", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
}

type Connect = (script: string, env: Record<string, string>) => Promise<{ client: Client; close(): Promise<void> }>;

const overStdio: Connect = async (script, env) => {
  const client = client2026();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script],
    cwd: os.tmpdir(),
    env: { ...process.env, ...env } as Record<string, string>,
    stderr: "pipe",
  });
  await client.connect(transport);
  return { client, close: () => client.close() };
};

const overHttp: Connect = async (script, env) => {
  const server: HttpServerProcess = await startHttpServer(script, ["--stateless"], env);
  const client = client2026();
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  return {
    client,
    async close() {
      await client.close();
      await server.stop();
    },
  };
};

for (const [transport, connect] of [
  ["stdio", overStdio],
  ["Streamable HTTP", overHttp],
] as const) {
  describe(`the sample servers speak 2026-07-28 over ${transport}`, () => {
    let nws: FakeNws;
    beforeAll(async () => {
      nws = await startFakeNws();
    });
    afterAll(() => nws?.close());

    test("calc: discovered without initialize, lists its tools as cacheable and calls one", async () => {
      const { client, close } = await connect(CALC_SERVER, {});
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
        expect(client.getServerVersion()).toMatchObject({ name: "calc" });
        const listed = (await client.listTools()) as { tools: Array<{ name: string }>; ttlMs?: number; cacheScope?: string };
        expect(listed.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["add", "divide"]));
        // What a class serves is fixed until its author changes it at run time: say so.
        expect(listed).toMatchObject({ ttlMs: 3_600_000, cacheScope: "public" });
        const sum = await client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
        expect(sum.structuredContent).toEqual({ result: 5 });
        const refused = await client.callTool({ name: "divide", arguments: { a: 1, b: 0 } });
        expect(refused.isError).toBe(true);
        expect(client.getServerCapabilities()?.resources).toBeUndefined();
      } finally {
        await close();
      }
    });

    test("towns: calls a tool, reads a town resource and gets its prompt", async () => {
      const { client, close } = await connect(TOWNS_SERVER, {});
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
        const town = await client.callTool({ name: "get_town", arguments: { town: "Winchester" } });
        expect(town.isError).toBeFalsy();
        expect(town.structuredContent).toMatchObject({ town: "Winchester", county: "Middlesex" });
        const templates = await client.listResourceTemplates();
        expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toContain("town://{name}");
        const read = await client.readResource({ uri: "town://Winchester" });
        expect(read.contents[0]).toMatchObject({ uri: "town://Winchester" });
        expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ town: "Winchester" });
        await expect(client.readResource({ uri: "town://Gotham" })).rejects.toThrow(/No town named 'Gotham'/);
        expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["compare_for_family"]);
        const prompt = await client.getPrompt({ name: "compare_for_family", arguments: { towns: "Winchester, Arlington" } });
        expect((prompt.messages[0]!.content as { text: string }).text).toMatch(/wants Winchester and Arlington compared/);
      } finally {
        await close();
      }
    });

    test("weather: lists its tools and calls one against a recorded NWS API", async () => {
      const { client, close } = await connect(WEATHER_SERVER, { ...WEATHER_ENV, NWS_API_BASE: nws.baseUrl });
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
        expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(["get_alerts", "get_forecast"]);
        const alerts = await client.callTool({ name: "get_alerts", arguments: { state: "OR" } });
        expect(alerts.isError).toBeFalsy();
        expect(alerts.structuredContent).toMatchObject({ state: "OR", count: 1 });
      } finally {
        await close();
      }
    });
  });
}

test("a list stops saying it is cacheable once the author changes it at run time", async () => {
  const client = client2026();
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [fromRoot("packages/conformance-server/dist/conformance.js")],
      cwd: os.tmpdir(),
      stderr: "pipe",
    }),
  );
  try {
    const fresh = { cacheMode: "refresh" } as const;
    expect(await client.listTools(undefined, fresh)).toMatchObject({ ttlMs: 3_600_000, cacheScope: "public" });
    expect(await client.listPrompts(undefined, fresh)).toMatchObject({ ttlMs: 3_600_000, cacheScope: "public" });
    await client.callTool({ name: "test_trigger_tool_change", arguments: {} });
    // The SDK's conservative default when the server gives no hint: do not cache.
    expect(await client.listTools(undefined, fresh)).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    expect(await client.listPrompts(undefined, fresh)).toMatchObject({ ttlMs: 3_600_000 });
  } finally {
    await client.close();
  }
});

test("whoever runs the server sets how long a client may cache its lists: --list-ttl or MCP_LIST_TTL, in seconds", async () => {
  const stdio = await overStdio(CALC_SERVER, { MCP_LIST_TTL: "120" });
  const http = await (async () => {
    const server = await startHttpServer(CALC_SERVER, ["--stateless", "--list-ttl", "0"]);
    const client = client2026();
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    return { client, close: () => client.close().then(() => server.stop()) };
  })();
  try {
    expect(await stdio.client.listTools()).toMatchObject({ ttlMs: 120_000, cacheScope: "public" });
    // 0: no cache hint, which the SDK reads as "do not cache".
    expect(await http.client.listTools()).toMatchObject({ ttlMs: 0, cacheScope: "private" });
  } finally {
    await stdio.close();
    await http.close();
  }
});

describe("MCP_REQUEST_STATE_KEY", () => {
  const CONFORMANCE = fromRoot("packages/conformance-server/dist/conformance.js");
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } };
  const call = async (url: string, id: number, extra: Record<string, unknown> = {}) => {
    const name = "test_input_required_result_elicitation";
    const res = await post2026(url, { id, method: "tools/call", name, params: { name, arguments: {}, ...extra }, meta });
    return jsonRpcAnswer(await res.text(), res.headers.get("content-type"));
  };

  test("one shared key lets a 2026 input round started on one instance finish on another; different keys refuse it", async () => {
    const key = "k".repeat(40);
    const [a, b, c] = await Promise.all([
      startHttpServer(CONFORMANCE, [], { MCP_REQUEST_STATE_KEY: key }),
      startHttpServer(CONFORMANCE, [], { MCP_REQUEST_STATE_KEY: key }),
      startHttpServer(CONFORMANCE, [], { MCP_REQUEST_STATE_KEY: "x".repeat(40) }),
    ]);
    try {
      const first = await call(a.url, 1);
      expect(first.result).toMatchObject({ resultType: "input_required", inputRequests: { user_name: { method: "elicitation/create" } } });
      const retry = { inputResponses: { user_name: { action: "accept", content: { name: "Ada" } } }, requestState: first.result.requestState };
      expect((await call(b.url, 2, retry)).result.content[0].text).toBe("Hello, Ada!");
      expect((await call(c.url, 3, retry)).error).toMatchObject({ code: -32602, message: "Invalid or expired requestState" });
    } finally {
      await Promise.all([a.stop(), b.stop(), c.stop()]);
    }
  });

  test("a key shorter than 32 bytes stops the server at start-up, saying why", () => {
    const run = spawnSync(process.execPath, [CALC_SERVER], {
      input: "",
      encoding: "utf8",
      env: { ...process.env, MCP_REQUEST_STATE_KEY: "too-short" },
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/MCP_REQUEST_STATE_KEY must be at least 32 bytes long \(it has 9\)/);
  });
});
