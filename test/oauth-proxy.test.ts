import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PROXY_CLIENT, SCOPES, startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { typemcp, type CliRun } from "./support/host-cli.js";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

// Issue #54 item 1: a provider without dynamic client registration (oidc-provider with
// registration off) behind the server's OAuth proxy. The host is `typemcp call --login`, which
// registers at the proxy; the test plays the browser through the proxy and the provider.
describe("OAuth proxy (http.auth.proxy) in front of a provider without client registration", () => {
  let provider: OpenIdProvider;
  let server: HttpServerProcess;
  let origin: string;
  let dir: string;
  // Where the direct flows below send their codes: a loopback listener, as a host's would be.
  let landing: Server;
  let landingUrl: string;

  beforeAll(async () => {
    provider = await startOpenIdProvider({ registration: false });
    // The provider and client as flags, the secret (only ever from the environment) and scopes as variables.
    server = await startHttpServer(
      fromRoot("test/fixtures/dist/tc39/tickets.js"),
      ["--auth-proxy", provider.issuer, "--auth-proxy-client-id", PROXY_CLIENT.id],
      {
        MCP_AUTH_PROXY_CLIENT_SECRET: PROXY_CLIENT.secret,
        MCP_AUTH_PROXY_SCOPES: SCOPES.replaceAll(" ", ","),
      },
    );
    origin = new URL(server.url).origin;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-oauth-proxy-"));
    landing = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => landing.listen(0, "127.0.0.1", resolve));
    landingUrl = `http://127.0.0.1:${(landing.address() as AddressInfo).port}/callback`;
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
    landing?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const saved = (tokenFile: string) => JSON.parse(fs.readFileSync(tokenFile, "utf8"))[`${server.url} login`];

  async function withLogin(args: string[], tokenFile: string, subject: string): Promise<CliRun & { loginUrl: string | undefined }> {
    let login: Promise<URL> | undefined;
    let loginUrl: string | undefined;
    const run = await typemcp(args, {
      env: { ...process.env, TYPEMCP_TOKEN_FILE: tokenFile, CI: "1" },
      timeoutMs: 30_000,
      onStderr: (stderr) => {
        loginUrl = /log in: open (\S+)/.exec(stderr)?.[1];
        if (loginUrl && !login) login = provider.logIn(loginUrl, subject, [origin]);
      },
    });
    if (login) expect((await login).pathname).toBe("/callback");
    return { ...run, loginUrl };
  }

  test("typemcp registers at the proxy, the person logs in at the provider, and the call runs as them; a stale token is refreshed through the proxy", async () => {
    const metadata = (await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json()) as { authorization_servers: string[] };
    expect(metadata.authorization_servers).toEqual([origin]);
    const tokenFile = path.join(dir, "tokens.json");
    const first = await withLogin(["call", "tickets__listTickets", "--url", server.url, "--login", "--json"], tokenFile, "ada");
    expect(first.stderr).toBe(`log in: open ${first.loginUrl}\n`);
    expect(first.loginUrl).toMatch(new RegExp(`^${origin}/oauth/authorize\\?\\S*code_challenge_method=S256`));
    expect(first.status).toBe(0);
    expect(JSON.parse(first.stdout).structuredContent).toMatchObject({ subject: "ada", scopes: expect.arrayContaining(["tickets:read"]) });
    expect(provider.grants).toMatchObject({ authorization_code: 1 });
    const kept = saved(tokenFile);
    expect(kept.client.client_id).toEqual(expect.any(String));
    expect(kept.client.client_id).not.toBe(PROXY_CLIENT.id);

    const file = JSON.parse(fs.readFileSync(tokenFile, "utf8"));
    file[`${server.url} login`].tokens.expires_at = 1;
    fs.writeFileSync(tokenFile, JSON.stringify(file));
    const second = await withLogin(["call", "tickets__whoami", "--url", server.url, "--login", "--json"], tokenFile, "ada");
    expect(second.loginUrl).toBeUndefined();
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).structuredContent).toMatchObject({ owner: expect.stringContaining("ada"), issuer: provider.issuer });
    expect(provider.grants).toMatchObject({ authorization_code: 1, refresh_token: 1 });
    expect(saved(tokenFile).tokens.access_token).not.toBe(kept.tokens.access_token);
  });

  test("registration refuses a redirect URI that is neither loopback nor configured, in words", async () => {
    const refused = await register("https://attacker.example/callback");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "invalid_redirect_uri",
      error_description: expect.stringContaining('"https://attacker.example/callback" is not allowed here'),
    });
  });

  test("the authorization endpoint refuses a redirect URI the client did not register, to the person and not by redirect", async () => {
    const clientId = await registeredClient();
    const { url } = authorizationUrl(clientId, "x".repeat(43), "https://attacker.example/callback");
    const refused = await fetch(url, { redirect: "manual" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();
    expect(await refused.text()).toContain('The redirect_uri "https://attacker.example/callback" is not one this client registered');
  });

  test("a callback with a state the proxy did not start, from another browser, or a second time is refused in words", async () => {
    const bogus = await fetch(`${origin}/oauth/callback?state=not-a-login&code=whatever`);
    expect(bogus.status).toBe(400);
    expect(await bogus.text()).toContain("This login is unknown, expired (after 10 minutes) or already finished");

    const clientId = await registeredClient();
    const started = await fetch(authorizationUrl(clientId, challenge(verifier())).url, { redirect: "manual" });
    expect(started.status).toBe(302);
    const state = new URL(started.headers.get("location")!).searchParams.get("state")!;
    // The right state without the cookie set in the browser that started the login.
    const elsewhere = await fetch(`${origin}/oauth/callback?state=${state}&code=whatever`, { redirect: "manual" });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain("This login was started in another browser");
    const again = await fetch(`${origin}/oauth/callback?state=${state}&code=whatever`, { redirect: "manual" });
    expect(await again.text()).toContain("already finished");
  });

  test("a code exchanged with the wrong PKCE verifier is refused, and is used up by the try", async () => {
    const clientId = await registeredClient();
    const right = verifier();
    const code = await logInDirectly(clientId, right);
    const wrong = await exchange(clientId, code, verifier());
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: "invalid_grant",
      error_description: expect.stringContaining("The code_verifier does not match the code_challenge"),
    });
    const late = await exchange(clientId, code, right);
    expect(await late.json()).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("already used") });
  });

  test("a code is good for one exchange: the second is refused, the token from the first reaches the server", async () => {
    const clientId = await registeredClient();
    const right = verifier();
    const code = await logInDirectly(clientId, right);
    const first = await exchange(clientId, code, right);
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as { access_token: string; id_token?: string };
    expect(tokens).toMatchObject({ token_type: "Bearer", access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(tokens.id_token).toBeUndefined();
    const reused = await exchange(clientId, code, right);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      error: "invalid_grant",
      error_description: "The authorization code is unknown, expired (after 60 seconds) or already used: a code is good for one exchange. Log in again.",
    });
    const listed = await fetch(server.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${tokens.access_token}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "0" } },
      }),
    });
    expect(listed.status).toBe(200);
  });

  test("a login the provider refuses because no scope was asked reaches the host with the provider's answer and what to set", async () => {
    const bare = await startHttpServer(
      fromRoot("test/fixtures/dist/tc39/tickets.js"),
      ["--auth-proxy", provider.issuer, "--auth-proxy-client-id", PROXY_CLIENT.id],
      {
        MCP_AUTH_PROXY_CLIENT_SECRET: PROXY_CLIENT.secret,
      },
    );
    try {
      const at = new URL(bare.url).origin;
      const registered = await register(landingUrl, at);
      const { client_id: clientId } = (await registered.json()) as { client_id: string };
      const query = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: landingUrl,
        code_challenge: challenge(verifier()),
        code_challenge_method: "S256",
        state: "s1",
      });
      const back = await provider.logIn(`${at}/oauth/authorize?${query}`, "cy", [at]);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: "access_denied",
        error_description:
          "The identity provider answered: access_denied (no scope was asked of it, which many providers refuse: set http.auth.proxy.scopes, --auth-proxy-scopes)",
        state: "s1",
        iss: at,
      });
    } finally {
      await bare.stop();
    }
  });

  function register(redirectUri: string, at = origin): Promise<Response> {
    return fetch(`${at}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ redirect_uris: [redirectUri], client_name: "test host", token_endpoint_auth_method: "none" }),
    });
  }

  async function registeredClient(): Promise<string> {
    const response = await register(landingUrl);
    expect(response.status).toBe(201);
    return ((await response.json()) as { client_id: string }).client_id;
  }

  function authorizationUrl(clientId: string, codeChallenge: string, redirectUri = landingUrl): { url: string; state: string } {
    const state = randomBytes(8).toString("hex");
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: codeChallenge,
      code_challenge_method: "S256",
      state,
      scope: "tickets:read",
      resource: server.url,
    });
    return { url: `${origin}/oauth/authorize?${query}`, state };
  }

  // The whole login as a browser goes through it, up to the code the host's listener receives.
  async function logInDirectly(clientId: string, codeVerifier: string): Promise<string> {
    const { url, state } = authorizationUrl(clientId, challenge(codeVerifier));
    const back = await provider.logIn(url, "bo", [origin]);
    expect(back.searchParams.get("state")).toBe(state);
    expect(back.searchParams.get("iss")).toBe(origin);
    return back.searchParams.get("code")!;
  }

  function exchange(clientId: string, code: string, codeVerifier: string): Promise<Response> {
    return fetch(`${origin}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", client_id: clientId, code, code_verifier: codeVerifier, redirect_uri: landingUrl }),
    });
  }
});

function verifier(): string {
  return randomBytes(32).toString("base64url");
}

function challenge(codeVerifier: string): string {
  return createHash("sha256").update(codeVerifier).digest("base64url");
}
