import { afterAll, describe, expect, test } from "vitest";
import { Client as Client2025 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpTransport2025 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { toFetchHandler, type FetchHandler } from "typemcp";
import { SampleTools } from "../fixtures/src/sample-tools.js";
import { TicketTools } from "../fixtures/src/ticket-tools.js";

// The web-standard handler, driven by the official clients through their `fetch` option: the
// same requests a Workers, Deno or Bun runtime hands it, with no socket in between.
const ENDPOINT = "http://127.0.0.1/mcp";
const handlers: FetchHandler[] = [];
afterAll(() => Promise.all(handlers.map((h) => h.close())));

function handlerFor(instance: object, http: Parameters<typeof toFetchHandler>[1] extends infer O ? (O extends { http?: infer H } ? H : never) : never = {}) {
  const handler = toFetchHandler(instance, { name: "fetch-test", version: "1.0.0", http });
  handlers.push(handler);
  return handler;
}

const through =
  (answer: (request: Request) => Promise<Response>): typeof fetch =>
  (input, init) =>
    answer(new Request(input, init));

async function client2025(answer: (request: Request) => Promise<Response>): Promise<Client2025> {
  const client = new Client2025({ name: "2025-11-25", version: "0" });
  await client.connect(new HttpTransport2025(new URL(ENDPOINT), { fetch: through(answer) }));
  return client;
}

async function client2026(answer: (request: Request) => Promise<Response>): Promise<Client> {
  const client = new Client({ name: "2026-07-28", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(ENDPOINT), { fetch: through(answer) }));
  return client;
}

describe("toFetchHandler", () => {
  for (const stateless of [false, true]) {
    test(`serves a 2025-11-25 client ${stateless ? "without sessions" : "with a session"}: lists and calls tools`, async () => {
      const handler = handlerFor(new SampleTools(), { stateless });
      const client = await client2025(handler.fetch);
      expect(client.getServerVersion()?.name).toBe("fetch-test");
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("echo");
      const result = await client.callTool({ name: "echo", arguments: { text: "hi", times: 2 } });
      expect(result.content).toEqual([{ type: "text", text: "hi hi" }]);
      await client.close();
    });
  }

  test("serves a 2026-07-28 client without initialize: lists and calls tools", async () => {
    const handler = handlerFor(new SampleTools(), { stateless: true });
    const client = await client2026(handler.fetch);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("echo");
    const result = await client.callTool({ name: "echo", arguments: { text: "yo" } });
    expect(result.content).toEqual([{ type: "text", text: "yo" }]);
    await client.close();
  });

  test("refuses a Host it was not told of, naming it and the setting that allows it; allowedHosts lets it in", async () => {
    const initialize = (url: string) =>
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "0" } },
        }),
      });
    const refused = await handlerFor(new SampleTools()).fetch(initialize("https://calc.example.com/mcp"));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /Host "calc\.example\.com" is not allowed.*--allowed-hosts calc\.example\.com/,
    );
    const allowed = await handlerFor(new SampleTools(), { allowedHosts: ["calc.example.com"] }).fetch(initialize("https://calc.example.com/mcp"));
    expect(allowed.status).toBe(200);
  });

  test("refuses a body over maxBodyBytes with 413, and keeps serving", async () => {
    const handler = handlerFor(new SampleTools(), { maxBodyBytes: 1_000, stateless: true });
    const big = await handler.fetch(
      new Request(ENDPOINT, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ padding: "x".repeat(2_000) }) }),
    );
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toBe("Request body exceeds the 1000-byte limit.");
    const client = await client2026(handler.fetch);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });

  test("checks bearer tokens when auth is set: 401 without one, served with the right one", async () => {
    const handler = handlerFor(new SampleTools(), { auth: { token: "s3cret-token" }, stateless: true });
    await expect(client2026(handler.fetch)).rejects.toThrow();
    const withToken = (request: Request) => {
      request.headers.set("authorization", "Bearer s3cret-token");
      return handler.fetch(request);
    };
    const client = await client2026(withToken);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });

  // A shared cache (or a client keeping lists for several users) must not hand one caller's list
  // to another: a list scopes filter is cacheable by its own client only.
  test("marks a 2026-07-28 list private where scopes make it differ by caller, public where they do not", async () => {
    const fresh = { cacheMode: "refresh" } as const;
    const scoped = await client2026(handlerFor(new TicketTools(), { stateless: true }).fetch);
    const plain = await client2026(handlerFor(new SampleTools(), { stateless: true }).fetch);
    try {
      expect([
        (await scoped.listTools(undefined, fresh)).cacheScope,
        (await scoped.listResources(undefined, fresh)).cacheScope,
        (await scoped.listPrompts(undefined, fresh)).cacheScope,
        (await plain.listTools(undefined, fresh)).cacheScope,
      ]).toEqual(["private", "private", "private", "public"]);
    } finally {
      await Promise.all([scoped.close(), plain.close()]);
    }
  });

  test("gives tools the caller an app's own auth verified (handle with extras.auth) as ctx.auth, in both eras", async () => {
    const handler = handlerFor(new TicketTools(), { stateless: true });
    const auth = { subject: "ada", clientId: "app", scopes: ["tickets:read"], claims: { sub: "ada", iss: "https://id.example" }, expiresAt: undefined };
    const answer = (request: Request) => handler.handle(request, { auth });
    for (const client of [await client2025(answer), await client2026(answer)]) {
      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect(result.structuredContent).toEqual({ owner: "ada", clientId: "app", issuer: "https://id.example" });
      const listed = await client.callTool({ name: "listTickets", arguments: {} });
      expect(listed.structuredContent).toMatchObject({ subject: "ada", scopes: ["tickets:read"] });
      await client.close();
    }
  });
});
