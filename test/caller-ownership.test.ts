import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "../packages/framework/src/scale/__fixtures__/redis-process.js";
import { startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { accessToken } from "./support/access-token.js";
import { fetchFrom } from "./support/fetch-from.js";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { NGINX, startNginx, type NginxProxy } from "./support/nginx-proxy.js";
import { fromRoot } from "./support/paths.js";
import { sseEvents } from "./support/sse-events.js";

// What a caller owns is answered to that caller alone, whoever else learns its ids; and behind a
// reverse proxy, callers are told apart only through the proxies the server is told to trust.
// The contract fixture (test/fixtures/contract, built by test/contract-setup.ts) runs as itself.

const SERVER = fromRoot("test/fixtures/contract/dist/contract.js");
const KEY = { MCP_REQUEST_STATE_KEY: "caller-ownership-test-key-of-at-least-32-bytes" };
warnIfNoRedis("The stream ownership test");
if (!NGINX) console.warn("The trusted proxy test skipped: nginx is not installed (.ci/run installs it with apt-get).");

describe.skipIf(!REDIS_SERVER)("a resumed stream is answered to its owner only (Node, --redis, OAuth)", () => {
  let redis: RedisProcess;
  let provider: OpenIdProvider;
  let sessions: HttpServerProcess;
  let stateless: HttpServerProcess;

  beforeAll(async () => {
    [redis, provider] = await Promise.all([startRedis(), startOpenIdProvider()]);
    const env = { ...KEY, MCP_AUTH_ISSUER: provider.issuer };
    [sessions, stateless] = await Promise.all([
      startHttpServer(SERVER, ["--redis", redis.url], env),
      startHttpServer(SERVER, ["--redis", redis.url, "--stateless"], env),
    ]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([sessions?.stop(), stateless?.stop()]);
    await Promise.all([redis?.stop(), provider?.close()]);
  });

  const tokenOf = (sub: string, server: HttpServerProcess) => accessToken(provider, sub, server.url);

  const post = (url: string, token: string, message: object, session?: string) =>
    fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        Authorization: `Bearer ${token}`,
        "MCP-Protocol-Version": "2025-11-25",
        ...(session === undefined ? {} : { "Mcp-Session-Id": session }),
      },
      body: JSON.stringify({ jsonrpc: "2.0", ...message }),
      signal: AbortSignal.timeout(10_000),
    });
  const countCall = { id: 2, method: "tools/call", params: { name: "count", arguments: { to: 2 }, _meta: { progressToken: "p" } } };
  const resume = (url: string, token: string, lastEventId: string, session?: string) =>
    fetch(url, {
      headers: {
        Accept: "text/event-stream",
        Authorization: `Bearer ${token}`,
        "Last-Event-ID": lastEventId,
        ...(session === undefined ? {} : { "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25" }),
      },
      signal: AbortSignal.timeout(10_000),
    });
  async function openSession(token: string): Promise<string> {
    const opened = await post(sessions.url, token, {
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "ownership", version: "0" } },
    });
    await opened.text();
    const id = opened.headers.get("mcp-session-id")!;
    await (await post(sessions.url, token, { method: "notifications/initialized" }, id)).text();
    return id;
  }

  test("without a session: another user's token with her Last-Event-ID gets 404; hers gets the rest of the stream", async () => {
    const [alice, bob] = await Promise.all([tokenOf("alice", stateless), tokenOf("bob", stateless)]);
    const events = sseEvents(await (await post(stateless.url, alice, countCall)).text());
    expect(events.map((e) => e.message.method ?? "response")).toEqual(["notifications/progress", "notifications/progress", "response"]);
    const refused = await resume(stateless.url, bob, events[0]!.id);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      `Unknown Last-Event-ID "${events[0]!.id}": the stream it belongs to has expired or was never stored; send the request again.`,
    );
    const own = await resume(stateless.url, alice, events[0]!.id);
    expect(own.status).toBe(200);
    expect(sseEvents(await own.text())).toEqual(events.slice(1));
  });

  test("in a session: another user's token gets nothing, with her session id or in a session of his own", async () => {
    const [alice, bob] = await Promise.all([tokenOf("alice", sessions), tokenOf("bob", sessions)]);
    const hers = await openSession(alice);
    const events = sseEvents(await (await post(sessions.url, alice, countCall, hers)).text());
    expect(events.at(-1)!.message.result?.structuredContent).toEqual({ result: 2 });
    // Her session is not his: as if there were no such session, and the stream is not his either.
    expect((await resume(sessions.url, bob, events[0]!.id, hers)).status).toBe(404);
    expect((await resume(sessions.url, bob, events[0]!.id)).status).toBe(404);
    // In his own session, her event id is one the session does not know.
    const his = await openSession(bob);
    const inHis = await resume(sessions.url, bob, events[0]!.id, his);
    expect(inHis.status).toBe(400);
    expect(await inHis.text()).toContain("Invalid event ID format");
    const own = await resume(sessions.url, alice, events[0]!.id, hers);
    expect(own.status).toBe(200);
    expect(sseEvents(await own.text())).toEqual(events.slice(1));
  });
});

describe.skipIf(!NGINX)("behind nginx, which appends each client's address to X-Forwarded-For", () => {
  let trusting: HttpServerProcess;
  let untrusting: HttpServerProcess;
  let proxies: NginxProxy[];

  beforeAll(async () => {
    [trusting, untrusting] = await Promise.all([startHttpServer(SERVER, ["--trust-proxy", "1"]), startHttpServer(SERVER)]);
    proxies = await Promise.all([startNginx([trusting.url]), startNginx([untrusting.url])]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all((proxies ?? []).map((p) => p.stop()));
    await Promise.all([trusting?.stop(), untrusting?.stop()]);
  });

  /** Who the server behind `proxy` takes a client at `address` to be, sending `headers` of its own. */
  async function countKeyVia(proxy: NginxProxy, address: string, headers: Record<string, string> = {}): Promise<string> {
    const client = new Client({ name: "behind-nginx", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url), { fetch: fetchFrom(address), requestInit: { headers } }));
    try {
      return ((await client.callTool({ name: "whoami", arguments: {} })).structuredContent as { countKey: string }).countKey;
    } finally {
      await client.close();
    }
  }

  test("with --trust-proxy 1, two clients are two callers, and one's own X-Forwarded-For entry is not believed", async () => {
    const [trusted] = proxies;
    expect(await countKeyVia(trusted!, "127.0.0.2")).toBe("address:127.0.0.2");
    expect(await countKeyVia(trusted!, "127.0.0.3")).toBe("address:127.0.0.3");
    expect(await countKeyVia(trusted!, "127.0.0.3", { "X-Forwarded-For": "198.51.100.9" })).toBe("address:127.0.0.3");
  });

  test("without it, every client is the proxy, whatever X-Forwarded-For says", async () => {
    const untrusted = proxies[1]!;
    expect(await countKeyVia(untrusted, "127.0.0.2")).toBe("address:127.0.0.1");
    expect(await countKeyVia(untrusted, "127.0.0.3", { "X-Forwarded-For": "198.51.100.9" })).toBe("address:127.0.0.1");
  });
});
