import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { importJWK, SignJWT } from "jose";
import { Client as Client2025 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpTransport2025 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { cacheResults, rateLimit, toFetchHandler, type FetchHandler, type Middleware } from "typemcp";
import { MiddlewareTools } from "../fixtures/src/middleware-tools.js";
import { startOpenIdProvider, type OpenIdProvider } from "../fixtures/openid-provider.js";
import { request2026 } from "../support/request-2026.js";

// One caller identity per request (issue #37): the result cache and the rate limit key each
// anonymous caller by its own address (or session), never all of them as one, and a token's
// client id never passes for a user of the same name. Through toFetchHandler, which takes the
// client's address from the platform as `remoteAddress`, as toNodeHandler and the listener do.

const handlers: FetchHandler[] = [];

function serve(use: Middleware[], http: Record<string, unknown> = {}): FetchHandler {
  const handler = toFetchHandler(new MiddlewareTools(), { name: "identity", version: "0.0.1", use, http });
  handlers.push(handler);
  return handler;
}

/** One 2026-07-28 tools/call from `address`, answered as its JSON-RPC body. */
async function call(handler: FetchHandler, address: string, name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) {
  const request = request2026("http://127.0.0.1/mcp", "tools/call", { name, arguments: args }, { headers });
  const response = await handler.handle(request, { remoteAddress: address });
  const text = await response.text();
  const body = response.headers.get("content-type")?.includes("text/event-stream") ? [...text.matchAll(/^data: (.*)$/gm)].at(-1)![1]! : text;
  return JSON.parse(body) as { result?: { structuredContent?: Record<string, unknown>; content?: unknown[] }; error?: { message: string } };
}

/** One plain 2025-11-25 tools/call from `address` to a stateless handler (served on its kept protocol servers), answered as its JSON-RPC body. */
async function callStateless2025(handler: FetchHandler, address: string, name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) {
  const request = new Request("http://127.0.0.1/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const response = await handler.handle(request, { remoteAddress: address });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return JSON.parse(await response.text()) as { result?: { structuredContent?: Record<string, unknown> }; error?: { message: string } };
}

afterEach(async () => {
  await Promise.all(handlers.splice(0).map((handler) => handler.close()));
});

describe("cacheResults and rateLimit key each anonymous caller apart", () => {
  test("a client on 127.0.0.2 does not get the result cached for 127.0.0.1", async () => {
    const handler = serve([cacheResults()]);
    const first = await call(handler, "127.0.0.1", "price", { item: "tea" });
    expect((await call(handler, "127.0.0.1", "price", { item: "tea" })).result?.structuredContent).toEqual(first.result?.structuredContent);
    const other = await call(handler, "127.0.0.2", "price", { item: "tea" });
    expect(other.result?.structuredContent?.run).toBe((first.result?.structuredContent?.run as number) + 1);
  });

  test("on a stateless server's kept protocol servers too, a 2025-11-25 client on 127.0.0.2 does not get 127.0.0.1's cached result", async () => {
    const handler = serve([cacheResults()], { stateless: true });
    const first = await callStateless2025(handler, "127.0.0.1", "price", { item: "tea" });
    expect((await callStateless2025(handler, "127.0.0.1", "price", { item: "tea" })).result?.structuredContent).toEqual(first.result?.structuredContent);
    const other = await callStateless2025(handler, "127.0.0.2", "price", { item: "tea" });
    expect(other.result?.structuredContent?.run).toBe((first.result?.structuredContent?.run as number) + 1);
  });

  test("counts the rate limit per address: one address using its quota does not refuse another", async () => {
    const handler = serve([rateLimit({ limit: 2 })]);
    for (let i = 0; i < 2; i++) expect((await call(handler, "127.0.0.1", "echo", { text: "hi" })).result).toBeDefined();
    expect((await call(handler, "127.0.0.1", "echo", { text: "hi" })).error?.message).toMatch(/^Rate limit reached: at most 2 calls of echo per 60 s/);
    expect((await call(handler, "127.0.0.2", "echo", { text: "hi" })).result?.content).toEqual([{ type: "text", text: "hi" }]);
  });

  test("a new session from the same address does not get a fresh rate-limit quota (2025-11-25, stateful)", async () => {
    const handler = serve([rateLimit({ limit: 1 })]);
    const session = async (address: string) => {
      const client = new Client2025({ name: "identity", version: "0" });
      const fetch = (url: string | URL, init?: RequestInit) => handler.handle(new Request(url, init), { remoteAddress: address });
      await client.connect(new HttpTransport2025(new URL("http://127.0.0.1/mcp"), { fetch }));
      try {
        const result = await client.callTool({ name: "echo", arguments: { text: "hi" } });
        return result.isError ? String((result.content as Array<{ text: string }>)[0]?.text) : "ran";
      } catch (error) {
        return (error as Error).message;
      } finally {
        await client.close();
      }
    };
    expect(await session("127.0.0.1")).toBe("ran");
    expect(await session("127.0.0.1")).toMatch(/Rate limit reached/);
    expect(await session("127.0.0.2")).toBe("ran");
  });
});

describe("a token's client id and a user of the same name are two callers", () => {
  const RESOURCE = "http://127.0.0.1:8788/mcp";
  let provider: OpenIdProvider;
  beforeAll(async () => {
    provider = await startOpenIdProvider();
  }, 30_000);
  afterAll(async () => {
    await provider?.close();
  });

  /** An access token the provider's key signs, for this resource, with these claims. */
  async function token(claims: Record<string, unknown>): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: provider.issuer, aud: RESOURCE, iat: now, exp: now + 600, ...claims })
      .setProtectedHeader({ alg: "RS256", kid: provider.signingKey.kid!, typ: "at+jwt" })
      .sign(await importJWK(provider.signingKey, "RS256"));
  }

  test("client_id alice gets neither user alice's cached result nor her rate-limit count", async () => {
    const handler = serve([rateLimit({ limit: 2 }), cacheResults()], { auth: { issuer: provider.issuer, resource: RESOURCE } });
    const user = { authorization: `Bearer ${await token({ sub: "alice", client_id: "help-desk-agent" })}` };
    const client = { authorization: `Bearer ${await token({ client_id: "alice" })}` };
    const mine = await call(handler, "127.0.0.1", "price", { item: "tea" }, user);
    expect((await call(handler, "127.0.0.1", "price", { item: "tea" }, user)).result?.structuredContent).toEqual(mine.result?.structuredContent);
    const theirs = await call(handler, "127.0.0.1", "price", { item: "tea" }, client);
    expect(theirs.result?.structuredContent?.run).toBe((mine.result?.structuredContent?.run as number) + 1);
    // User alice has used her two calls; client alice has used one of its own.
    expect((await call(handler, "127.0.0.1", "price", { item: "tea" }, user)).error?.message).toMatch(/^Rate limit reached/);
    expect((await call(handler, "127.0.0.1", "price", { item: "tea" }, client)).result).toBeDefined();
  });

  // A plain 2025-11-25 call to a stateless server is served past the SDK's dispatcher on a kept
  // server (direct-door.ts): the token it came with still names its caller there.
  test("so are they on a stateless server's kept protocol servers (2025-11-25, served directly)", async () => {
    const handler = serve([rateLimit({ limit: 2 }), cacheResults()], { auth: { issuer: provider.issuer, resource: RESOURCE }, stateless: true });
    const user = { authorization: `Bearer ${await token({ sub: "alice", client_id: "help-desk-agent" })}` };
    const client = { authorization: `Bearer ${await token({ client_id: "alice" })}` };
    const mine = await callStateless2025(handler, "127.0.0.1", "price", { item: "tea" }, user);
    expect(mine.result?.structuredContent?.run).toBe(1);
    expect((await callStateless2025(handler, "127.0.0.1", "price", { item: "tea" }, user)).result?.structuredContent).toEqual(mine.result?.structuredContent);
    expect((await callStateless2025(handler, "127.0.0.1", "price", { item: "tea" }, client)).result?.structuredContent?.run).toBe(2);
    expect((await callStateless2025(handler, "127.0.0.1", "price", { item: "tea" }, user)).error?.message).toMatch(/^Rate limit reached/);
    expect((await callStateless2025(handler, "127.0.0.1", "price", { item: "tea" }, client)).result).toBeDefined();
  });
});
