import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PROXY_CLIENT, SCOPES, startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { callWithLogin } from "./support/proxy-login.js";
import { fromRoot } from "./support/paths.js";

// Issue #54: the OAuth proxy's own consent screen (--auth-proxy-consent), shown before the person
// is sent to the provider: it names the app and where its access goes, and only the browser that
// started the login can answer it.
describe("the OAuth proxy's consent screen (--auth-proxy-consent)", () => {
  let provider: OpenIdProvider;
  let server: HttpServerProcess;
  let origin: string;
  let dir: string;
  let landing: Server;
  let landingUrl: string;

  beforeAll(async () => {
    provider = await startOpenIdProvider({ registration: false });
    server = await startHttpServer(fromRoot("test/fixtures/dist/tc39/tickets.js"), ["--auth-proxy", provider.issuer, "--auth-proxy-consent"], {
      MCP_AUTH_PROXY_CLIENT_ID: PROXY_CLIENT.id,
      MCP_AUTH_PROXY_CLIENT_SECRET: PROXY_CLIENT.secret,
      MCP_AUTH_PROXY_SCOPES: SCOPES.replaceAll(" ", ","),
    });
    origin = new URL(server.url).origin;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-oauth-consent-"));
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

  test("typemcp call --login: the person allows on the server's screen, logs in at the provider, and the call runs as them", async () => {
    const run = await callWithLogin(provider, {
      url: server.url,
      tool: "tickets__listTickets",
      tokenFile: path.join(dir, "tokens.json"),
      subject: "ada",
      through: [origin],
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).structuredContent).toMatchObject({ subject: "ada" });
  }, 60_000);

  /** Registers an app named `name` and opens its authorization request: the consent screen, and the login cookie it set. */
  async function showConsent(name: string): Promise<{ page: Response; html: string; login: string; cookie: string; state: string }> {
    const registered = await fetch(`${origin}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ redirect_uris: [landingUrl], client_name: name }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const state = randomBytes(8).toString("hex");
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: landingUrl,
      code_challenge: createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url"),
      code_challenge_method: "S256",
      state,
      scope: "tickets:read",
    });
    const page = await fetch(`${origin}/oauth/authorize?${query}`, { redirect: "manual" });
    const html = await page.text();
    return { page, html, login: /name="login" value="([^"]+)"/.exec(html)?.[1] ?? "", cookie: page.headers.get("set-cookie")!.split(";")[0]!, state };
  }

  const answer = (login: string, decision: string, cookie?: string) =>
    fetch(`${origin}/oauth/consent`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams({ login, decision }),
    });

  test("names the app (escaped) and where its access goes, cannot be framed, and sends no one on before the person answers", async () => {
    const { page, html } = await showConsent("Evil <b>Host</b>");
    expect(page.status).toBe(200);
    expect(page.headers.get("location")).toBeNull();
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(html).toContain("“Evil &#60;b&#62;Host&#60;/b&#62;” asks to use");
    expect(html).toContain(`Its access goes to <code>${landingUrl}</code>`);
    expect(html).not.toContain("<b>Host</b>");
  });

  test("an answer without the cookie of the browser that started the login is refused; Deny tells the app access_denied and ends the login", async () => {
    const { login, cookie, state } = await showConsent("test host");
    const elsewhere = await answer(login, "allow");
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain("This login was started in another browser");
    const denied = await answer(login, "deny", cookie);
    expect(denied.status).toBe(302);
    expect(Object.fromEntries(new URL(denied.headers.get("location")!).searchParams)).toEqual({
      error: "access_denied",
      error_description: "The person declined, on this server's consent screen.",
      state,
      iss: origin,
    });
    const late = await answer(login, "allow", cookie);
    expect(await late.text()).toContain("This login is unknown, expired (after 10 minutes) or already finished");
  });

  test("Allow sends the browser on to the provider with the server's own client", async () => {
    const { login, cookie } = await showConsent("test host");
    const allowed = await answer(login, "allow", cookie);
    expect(allowed.status).toBe(303);
    const to = new URL(allowed.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(to.searchParams.get("client_id")).toBe(PROXY_CLIENT.id);
    expect(to.searchParams.get("state")).toBe(login);
  });
});
