import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { toFetchHandler } from "typemcp";
import { TicketTools } from "../fixtures/src/ticket-tools.js";
import { startOpenIdProvider, type OpenIdProvider } from "../fixtures/openid-provider.js";
import { request2026 } from "../support/request-2026.js";

// A handler mounted in an app (toFetchHandler / toNodeHandler) takes its OAuth identity from its
// configuration, never from a request: a first request sent with a hostile Host header, refused
// with 403, used to fix the resource URL for the life of the process.

const RESOURCE = "http://127.0.0.1:8787/mcp";

function post(url: string, headers: Record<string, string>, name = "listTickets"): Request {
  return request2026(url, "tools/call", { name, arguments: {} }, { headers });
}

describe("the OAuth resource of a mounted handler (http.auth.issuer)", () => {
  let provider: OpenIdProvider;
  beforeAll(async () => {
    provider = await startOpenIdProvider();
  }, 30_000);
  afterAll(async () => {
    await provider?.close();
  });

  test("refuses to start without auth.resource, saying why", () => {
    expect(() => toFetchHandler(new TicketTools(), { name: "tickets", version: "1.0.0", http: { auth: { issuer: provider.issuer } } })).toThrow(
      /http\.auth\.resource is required with http\.auth\.issuer.*must not take it from a request's Host header/,
    );
  });

  test("names the configured resource after a first request with a hostile Host, and takes only tokens for it", async () => {
    const handler = toFetchHandler(new TicketTools(), {
      name: "tickets",
      version: "1.0.0",
      http: { allowedHosts: ["127.0.0.1", "localhost"], auth: { issuer: provider.issuer, resource: RESOURCE } },
    });
    try {
      const evil = await handler.fetch(new Request("http://evil.example/.well-known/oauth-protected-resource/mcp", { headers: { host: "evil.example" } }));
      expect(evil.status).toBe(403);
      const metadata = await handler.fetch(new Request("http://127.0.0.1:8787/.well-known/oauth-protected-resource/mcp"));
      expect(((await metadata.json()) as { resource: string }).resource).toBe(RESOURCE);
      const challenge = await handler.fetch(post("http://127.0.0.1:8787/mcp", {}));
      expect(challenge.status).toBe(401);
      expect(challenge.headers.get("www-authenticate")).toContain('resource_metadata="http://127.0.0.1:8787/.well-known/oauth-protected-resource/mcp"');
      const forEvil = await handler.fetch(
        post("http://127.0.0.1:8787/mcp", { authorization: `Bearer ${await provider.token("http://evil.example/mcp", "tickets:read")}` }),
      );
      expect(forEvil.status).toBe(401);
      const genuine = await handler.fetch(post("http://127.0.0.1:8787/mcp", { authorization: `Bearer ${await provider.token(RESOURCE, "tickets:read")}` }));
      expect(genuine.status).toBe(200);
      expect(await genuine.text()).toContain("printer on fire");
    } finally {
      await handler.close();
    }
  });

  test("without an issuer, names the endpoint on the Host each allowed request was sent to, never a refused one", async () => {
    const handler = toFetchHandler(new TicketTools(), {
      name: "tickets",
      version: "1.0.0",
      http: { allowedHosts: ["127.0.0.1", "localhost"], auth: { verifyToken: () => false, authorizationServers: [provider.issuer] } },
    });
    try {
      const evil = await handler.fetch(new Request("http://evil.example/.well-known/oauth-protected-resource/mcp", { headers: { host: "evil.example" } }));
      expect(evil.status).toBe(403);
      const metadata = await handler.fetch(new Request("http://localhost:9000/.well-known/oauth-protected-resource/mcp"));
      expect(((await metadata.json()) as { resource: string }).resource).toBe("http://localhost:9000/mcp");
      const challenge = await handler.fetch(post("http://127.0.0.1:9000/mcp", {}));
      expect(challenge.headers.get("www-authenticate")).toContain('resource_metadata="http://127.0.0.1:9000/.well-known/oauth-protected-resource/mcp"');
    } finally {
      await handler.close();
    }
  });
});
