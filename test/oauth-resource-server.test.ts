import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLIENT, OPAQUE_CLIENT, RESOURCE_SERVER_CLIENT, startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { connectHttp, jsonRpcAnswer, post2026, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("an OAuth resource server (http.auth.issuer) with a real OpenID provider", () => {
  let provider: OpenIdProvider;
  let server: HttpServerProcess;
  let metadataUrl: string;

  beforeAll(async () => {
    provider = await startOpenIdProvider();
    server = await startHttpServer(fromRoot("test/fixtures/dist/tc39/tickets.js"), [], {
      MCP_AUTH_ISSUER: provider.issuer,
      MCP_AUTH_INTROSPECTION_CLIENT_ID: RESOURCE_SERVER_CLIENT.id,
      MCP_AUTH_INTROSPECTION_CLIENT_SECRET: RESOURCE_SERVER_CLIENT.secret,
    });
    metadataUrl = new URL("/.well-known/oauth-protected-resource/mcp", server.url).href;
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
  });

  /** One 2026-07-28 call, answered by status, challenge and JSON-RPC body. */
  async function call(token: string | undefined, name: string, args: Record<string, unknown> = {}) {
    const res = await post2026(server.url, {
      id: 1,
      method: "tools/call",
      name,
      params: { name, arguments: args },
      meta: META,
      ...(token === undefined ? {} : { headers: bearer(token) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      challenge: res.headers.get("www-authenticate"),
      body: text ? jsonRpcAnswer(text, res.headers.get("content-type")) : undefined,
    };
  }

  /** A JWT the provider's own key signs, with the claims given (to make one that has expired). */
  async function signed(claims: Record<string, unknown>, key: JWK = provider.signingKey, kid = provider.signingKey.kid!, typ?: string): Promise<string> {
    const { importJWK } = await import("jose");
    const header = { alg: "RS256", kid, ...(typ === undefined ? { typ: "at+jwt" } : typ === "" ? {} : { typ }) };
    return new SignJWT(claims).setProtectedHeader(header).sign(await importJWK(key, "RS256"));
  }

  test("publishes RFC 9728 metadata naming the issuer and the scopes its tools declare", async () => {
    const res = await fetch(metadataUrl);
    expect(await res.json()).toEqual({
      resource: server.url,
      authorization_servers: [provider.issuer],
      bearer_methods_supported: ["header"],
      scopes_supported: ["tickets:read", "tickets:write", "tickets:admin"],
    });
  });

  test("runs a call whose token grants the tool's scope, with ctx.auth filled in (2025-11-25 session)", async () => {
    const token = await provider.token(server.url, "tickets:read");
    const client = await connectHttp(server.url, bearer(token));
    try {
      const listed = await client.callTool({ name: "listTickets", arguments: {} });
      expect(listed.structuredContent).toEqual({ tickets: ["T-1: printer on fire"], subject: CLIENT.id, scopes: ["tickets:read"] });
      const who = await client.callTool({ name: "whoami", arguments: {} });
      expect(who.structuredContent).toEqual({ owner: CLIENT.id, clientId: CLIENT.id, issuer: provider.issuer });
    } finally {
      await client.close();
    }
  });

  test("shows a principal in tools/list only the tools its scopes allow", async () => {
    const names = async (scope: string) => {
      const client = await connectHttp(server.url, bearer(await provider.token(server.url, scope)));
      try {
        return (await client.listTools()).tools.map((t) => t.name);
      } finally {
        await client.close();
      }
    };
    expect(await names("tickets:read")).toEqual(["listTickets", "whoami"]);
    expect(await names("tickets:read tickets:write")).toEqual(["listTickets", "closeTicket", "whoami"]);
  });

  test("answers a call lacking the tool's scope with 403 insufficient_scope naming it (2026-07-28)", async () => {
    const token = await provider.token(server.url, "tickets:read");
    const refused = await call(token, "closeTicket", { id: "T-1" });
    expect(refused.status).toBe(403);
    expect(refused.challenge).toBe(`Bearer realm="mcp", resource_metadata="${metadataUrl}", error="insufficient_scope", scope="tickets:read tickets:write"`);
    expect(refused.body.error.message).toContain('tool "closeTicket" needs the scope tickets:write');
    // The step-up: a token with the scope named gets the call through.
    const stepped = await call(await provider.token(server.url, "tickets:read tickets:write"), "closeTicket", { id: "T-1" });
    expect(stepped.status).toBe(200);
    expect(stepped.body.result.structuredContent).toEqual({ closed: "T-1", by: CLIENT.id });
  });

  test("answers a 2025-11-25 session's call lacking the scope with the same 403", async () => {
    const token = await provider.token(server.url, "tickets:read");
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...bearer(token) };
    const session = await openSession2025(server.url, token);
    const res = await fetch(server.url, {
      method: "POST",
      headers: { ...headers, "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "closeTicket", arguments: { id: "T-1" } } }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("www-authenticate")).toContain('error="insufficient_scope", scope="tickets:read tickets:write"');
    await fetch(server.url, { method: "DELETE", headers: { ...bearer(token), "Mcp-Session-Id": session } });
  });

  test("keeps a 2025-11-25 session to the principal whose token opened it", async () => {
    const owner = await provider.token(server.url, "tickets:read");
    const other = await provider.token(server.url, "tickets:read", OPAQUE_CLIENT);
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const session = await openSession2025(server.url, owner);
    const list = (token: string) =>
      fetch(server.url, {
        method: "POST",
        headers: { ...headers, ...bearer(token), "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }),
      });
    const stolen = await list(other);
    expect(stolen.status).toBe(404);
    await stolen.text();
    const own = await list(owner);
    expect(own.status).toBe(200);
    await own.text();
    await fetch(server.url, { method: "DELETE", headers: { ...bearer(owner), "Mcp-Session-Id": session } });
  });

  test("guards resources and prompts by their scopes too", async () => {
    const token = await provider.token(server.url, "tickets:read");
    const read = await post2026(server.url, {
      id: 2,
      method: "resources/read",
      name: "tickets://audit",
      params: { uri: "tickets://audit" },
      meta: META,
      headers: bearer(token),
    });
    expect(read.status).toBe(403);
    expect(read.headers.get("www-authenticate")).toContain('scope="tickets:read tickets:admin"');
    const prompt = await post2026(server.url, {
      id: 3,
      method: "prompts/get",
      name: "reply",
      params: { name: "reply", arguments: { id: "T-1" } },
      meta: META,
      headers: bearer(token),
    });
    expect(prompt.status).toBe(403);
    expect(prompt.headers.get("www-authenticate")).toContain('scope="tickets:read tickets:write"');
    // Nor does it complete that prompt's arguments, which would tell what the prompt holds.
    const complete = (token: string) =>
      post2026(server.url, {
        id: 4,
        method: "completion/complete",
        name: "reply",
        params: { ref: { type: "ref/prompt", name: "reply" }, argument: { name: "id", value: "T" } },
        meta: META,
        headers: bearer(token),
      }).then(async (res) => jsonRpcAnswer(await res.text(), res.headers.get("content-type")));
    expect((await complete(token)).error.message).toContain('Unknown prompt: "reply"');
    expect((await complete(await provider.token(server.url, "tickets:write"))).result.completion.values).toEqual(["T-1", "T-2"]);
  });

  test("refuses a request without a token with 401 naming the metadata, and no error code", async () => {
    const refused = await call(undefined, "whoami");
    expect(refused.status).toBe(401);
    expect(refused.challenge).toBe(`Bearer realm="mcp", resource_metadata="${metadataUrl}"`);
  });

  test("refuses a token issued for another resource (audience) with 401 invalid_token", async () => {
    const token = await provider.token("https://other.example.com/mcp", "tickets:read");
    const refused = await call(token, "whoami");
    expect(refused.status).toBe(401);
    expect(refused.challenge).toContain(`resource_metadata="${metadataUrl}", error="invalid_token"`);
    expect(refused.body.error.message).toContain("another resource");
  });

  test("refuses an expired token the provider's own key signed", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signed({ iss: provider.issuer, aud: server.url, sub: CLIENT.id, scope: "tickets:read", iat: now - 600, exp: now - 60 });
    const refused = await call(token, "whoami");
    expect(refused.status).toBe(401);
    expect(refused.challenge).toContain('error="invalid_token", error_description="The token has expired."');
    // The same claims, unexpired, pass: it was the expiry that was refused.
    const fresh = await signed({ iss: provider.issuer, aud: server.url, sub: CLIENT.id, scope: "tickets:read", iat: now, exp: now + 600 });
    expect((await call(fresh, "whoami")).status).toBe(200);
  });

  test("takes a JWT typed JWT (as Entra ID, and Keycloak and Auth0 by default, issue) or untyped, and refuses ID tokens and other types", async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: provider.issuer, aud: server.url, sub: "ada", scope: "tickets:read", iat: now, exp: now + 600 };
    for (const typ of ["JWT", ""]) expect((await call(await signed(claims, undefined, undefined, typ), "whoami")).status, typ).toBe(200);
    // An ID token made for a client whose id is this server's URL: the audience matches, its marks do not.
    for (const mark of [{ nonce: "n-1" }, { at_hash: "x" }, { typ: "ID" }]) {
      const refused = await call(await signed({ ...claims, ...mark }, undefined, undefined, "JWT"), "whoami");
      expect(refused.status).toBe(401);
      // The header's quoted-string has the message's double quotes as single ones.
      expect(refused.challenge).toContain(`error_description="The token is an ID token (it carries '${Object.keys(mark)[0]}'), not an access token."`);
    }
    const logout = await call(await signed(claims, undefined, undefined, "logout+jwt"), "whoami");
    expect(logout.status).toBe(401);
    expect(logout.challenge).toContain("not an access token's.");
  });

  test("with MCP_AUTH_REQUIRE_AT_JWT=1 takes only tokens typed at+jwt, such as oidc-provider's own", async () => {
    const strict = await startHttpServer(fromRoot("test/fixtures/dist/tc39/tickets.js"), [], {
      MCP_AUTH_ISSUER: provider.issuer,
      MCP_AUTH_REQUIRE_AT_JWT: "1",
    });
    try {
      const send = (token: string) =>
        post2026(strict.url, { id: 1, method: "tools/call", name: "whoami", params: { name: "whoami", arguments: {} }, meta: META, headers: bearer(token) });
      expect((await send(await provider.token(strict.url, "tickets:read"))).status).toBe(200);
      const now = Math.floor(Date.now() / 1000);
      const refused = await send(await signed({ iss: provider.issuer, aud: strict.url, sub: "ada", iat: now, exp: now + 600 }, undefined, undefined, "JWT"));
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toContain("this server takes only access tokens typed 'at+jwt' (RFC 9068).");
    } finally {
      await strict.stop();
    }
  });

  test("refuses tokens signed with a key the provider does not have, under its key id or another", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const foreign = await exportJWK(privateKey);
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: provider.issuer, aud: server.url, sub: "mallory", scope: "tickets:read tickets:write tickets:admin", iat: now, exp: now + 600 };
    for (const token of [await signed(claims, foreign), await signed(claims, foreign, "mallory-key")]) {
      const refused = await call(token, "closeTicket", { id: "T-1" });
      expect(refused.status).toBe(401);
      expect(refused.challenge).toContain('error="invalid_token", error_description="The token\'s signature is not the issuer\'s."'.replace(/'/g, "'"));
    }
  });

  test("refuses an unsigned token (alg none) and an HS256 one made with the public key", async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: provider.issuer, aud: server.url, sub: "mallory", scope: "tickets:write", iat: now, exp: now + 600 };
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${part({ alg: "none", typ: "at+jwt" })}.${part(claims)}.x`;
    const { n } = provider.signingKey;
    const hmac = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid: provider.signingKey.kid! }).sign(new TextEncoder().encode(n));
    for (const token of [unsigned, hmac]) expect((await call(token, "whoami")).status).toBe(401);
  });

  test("introspects an opaque token (RFC 7662) and serves it like a JWT", async () => {
    const token = await provider.token(server.url, "tickets:read", OPAQUE_CLIENT);
    expect(token.split(".")).toHaveLength(1);
    const answered = await call(token, "listTickets");
    expect(answered.status).toBe(200);
    expect(answered.body.result.structuredContent).toMatchObject({ subject: null, scopes: ["tickets:read"] });
    expect((await call(token, "whoami")).body.result.structuredContent).toMatchObject({ owner: OPAQUE_CLIENT.id });
    expect((await call(token, "closeTicket", { id: "T-1" })).status).toBe(403);
    const elsewhere = await provider.token("https://other.example.com/mcp", "tickets:read", OPAQUE_CLIENT);
    expect((await call(elsewhere, "whoami")).status).toBe(401);
  });
});

/** Opens a 2025-11-25 session at `url` with `token`, raw, and returns its id. */
async function openSession2025(url: string, token: string): Promise<string> {
  const init = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...bearer(token) },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
    }),
  });
  await init.text();
  return init.headers.get("mcp-session-id")!;
}
