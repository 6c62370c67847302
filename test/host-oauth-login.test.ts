import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLIENT, LOGIN_CLIENT, startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { fedBackResults, startFakeProvider } from "./support/fake-providers.js";
import { typemcp, writeMcpConfig, type CliRun } from "./support/host-cli.js";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

// Issue #27: a person logs in from the host (authorization code with PKCE, loopback redirect).
// The test plays the browser: it reads the URL typemcp prints on stderr, logs in at the real
// oidc-provider with plain HTTP requests, and the redirect reaches typemcp's loopback listener.
describe("typemcp --login against a server that wants OAuth (a person's login)", () => {
  let provider: OpenIdProvider;
  let server: HttpServerProcess;
  let dir: string;

  beforeAll(async () => {
    provider = await startOpenIdProvider();
    server = await startHttpServer(fromRoot("test/fixtures/dist/tc39/tickets.js"), [], { MCP_AUTH_ISSUER: provider.issuer });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-login-"));
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const envFor = (tokenFile: string, extra: Record<string, string> = {}) => ({ ...process.env, TYPEMCP_TOKEN_FILE: tokenFile, CI: "1", ...extra });
  const saved = (tokenFile: string) => JSON.parse(fs.readFileSync(tokenFile, "utf8"))[`${server.url} login`];

  /** Runs typemcp; when it prints a login URL, logs in there as `subject`, as a browser would. */
  async function withLogin(args: string[], tokenFile: string, subject = "ada", extraEnv: Record<string, string> = {}): Promise<CliRun & { loggedIn: boolean }> {
    let login: Promise<URL> | undefined;
    const run = await typemcp(args, {
      env: envFor(tokenFile, extraEnv),
      timeoutMs: 30_000,
      onStderr: (stderr) => {
        const url = /log in: open (\S+)/.exec(stderr)?.[1];
        if (url && !login) login = provider.logIn(url, subject);
      },
    });
    if (login) expect((await login).pathname).toBe("/callback");
    return { ...run, loggedIn: login !== undefined };
  }

  test("registers itself, logs the person in, and the call runs as them; the next run needs no login; a stale token is refreshed", async () => {
    const tokenFile = path.join(dir, "registered", "tokens.json");
    const first = await withLogin(["call", "tickets__listTickets", "--url", server.url, "--login", "--json"], tokenFile);
    expect(first.loggedIn).toBe(true);
    expect(first.status).toBe(0);
    expect(JSON.parse(first.stdout).structuredContent).toMatchObject({ subject: "ada", scopes: expect.arrayContaining(["tickets:read"]) });
    // The URL is all typemcp says on stderr; nothing else (no browser in CI).
    expect(first.stderr).toMatch(
      /^log in: open http:\/\/127\.0\.0\.1:\d+\/auth\?\S*code_challenge_method=S256\S*redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fcallback\S*\n$/,
    );
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
    const kept = saved(tokenFile);
    expect(kept.client.client_id).toEqual(expect.any(String));
    expect(kept.tokens.refresh_token).toEqual(expect.any(String));
    expect(provider.grants).toMatchObject({ authorization_code: 1 });

    // The second run sends the kept token: no login, no token request.
    const second = await withLogin(["call", "tickets__whoami", "--url", server.url, "--login", "--json"], tokenFile);
    expect(second.loggedIn).toBe(false);
    expect(second.stderr).toBe("");
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).structuredContent.owner).toContain("ada");
    expect(saved(tokenFile).tokens.access_token).toBe(kept.tokens.access_token);

    // An access token past its expiry is refreshed with the refresh token, without a login.
    const file = JSON.parse(fs.readFileSync(tokenFile, "utf8"));
    file[`${server.url} login`].tokens.expires_at = 1;
    fs.writeFileSync(tokenFile, JSON.stringify(file));
    const third = await withLogin(["call", "tickets__whoami", "--url", server.url, "--login", "--json"], tokenFile);
    expect(third.loggedIn).toBe(false);
    expect(third.stderr).toBe("");
    expect(third.status).toBe(0);
    expect(provider.grants).toMatchObject({ authorization_code: 1, refresh_token: 1 });
    expect(saved(tokenFile).tokens.access_token).not.toBe(kept.tokens.access_token);
  });

  test("logs in with a registered --client-id and --scope; the token can do only what was asked", async () => {
    const tokenFile = path.join(dir, "client-id.json");
    const args = ["list", "--url", server.url, "--login", "--client-id", LOGIN_CLIENT.id, "--scope", "tickets:read"];
    const listed = await withLogin(args, tokenFile, "grace");
    expect(listed.loggedIn).toBe(true);
    expect(listed.stderr).toMatch(/^log in: open \S+\n$/);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain("listTickets");
    expect(listed.stdout).not.toContain("closeTicket");
    expect(saved(tokenFile).client.client_id).toBe(LOGIN_CLIENT.id);
  });

  test('an mcp.json server with "oauth" logs in the same way', async () => {
    const tokenFile = path.join(dir, "config.json");
    const config = writeMcpConfig(dir, { desk: { url: server.url, oauth: { clientId: LOGIN_CLIENT.id } } });
    const called = await withLogin(["call", "desk__whoami", "--config", config, "--json"], tokenFile, "lin");
    expect(called.loggedIn).toBe(true);
    expect(called.stderr).toMatch(/^\[desk\] log in: open /m);
    expect(called.status).toBe(0);
    expect(JSON.parse(called.stdout).structuredContent.owner).toContain("lin");
  });

  test("typemcp chat reaches mcp.json servers that want OAuth: one by client credentials, one by a person's login", async () => {
    const tokenFile = path.join(dir, "chat.json");
    const config = writeMcpConfig(path.join(dir), {
      machine: { url: server.url, oauth: { clientId: CLIENT.id, clientSecret: "${DESK_SECRET}", issuer: provider.issuer, scope: "tickets:read" } },
      person: { url: server.url, oauth: { clientId: LOGIN_CLIENT.id, scope: "tickets:read" } },
    });
    const model = await startFakeProvider("openai", (index) =>
      index === 0
        ? {
            calls: [
              { name: "machine__whoami", args: {} },
              { name: "person__whoami", args: {} },
            ],
          }
        : { text: "done" },
    );
    try {
      const chat = ["chat", "--config", config, "--provider", "openai", "--model", "test-model", "--base-url", model.baseUrl, "--prompt", "Who am I?", "--yes"];
      const run = await withLogin(chat, tokenFile, "mo", { OPENAI_API_KEY: "test-key", DESK_SECRET: CLIENT.secret });
      expect(run.loggedIn).toBe(true);
      expect(run.stderr).toMatch(/^\[person\] log in: open /m);
      expect(run.status).toBe(0);
      const [machine, person] = fedBackResults("openai", model.generations()[1]);
      expect(JSON.parse(machine!.text)).toMatchObject({ clientId: CLIENT.id });
      expect(JSON.parse(person!.text)).toMatchObject({ owner: expect.stringContaining("mo"), clientId: LOGIN_CLIENT.id });
    } finally {
      await model.close();
    }
  });

  test("a server that wants OAuth, reached with no way to get a token, is refused in words that say how", async () => {
    const run = await typemcp(["list", "--url", server.url], { env: envFor(path.join(dir, "none.json")) });
    expect(run.status).toBe(3);
    expect(run.stderr).toContain("the server requires authorization (HTTP 401)\nIt wants an OAuth access token: log in with --login");
  });

  test("without --client-id, an authorization server that offers no registration is named, with what to do", async () => {
    const closed = await startOpenIdProvider({ registration: false });
    const other = await startHttpServer(fromRoot("test/fixtures/dist/tc39/tickets.js"), [], { MCP_AUTH_ISSUER: closed.issuer });
    try {
      const run = await typemcp(["list", "--url", other.url, "--login"], { env: envFor(path.join(dir, "no-registration.json")) });
      expect(run.status).toBe(3);
      expect(run.stderr).toContain(`the authorization server ${closed.issuer} offers no client registration: give the id of a public client`);
      expect(run.stderr).not.toContain("log in: open");
    } finally {
      await other.stop();
      await closed.close();
    }
  });

  test("a login the person refuses ends with the authorization server's reason, exit 3", async () => {
    const tokenFile = path.join(dir, "refused.json");
    let refused: Promise<Response> | undefined;
    const run = await typemcp(["list", "--url", server.url, "--login", "--client-id", LOGIN_CLIENT.id], {
      env: envFor(tokenFile),
      onStderr: (stderr) => {
        const url = /log in: open (\S+)/.exec(stderr)?.[1];
        if (!url || refused) return;
        const state = new URL(url).searchParams.get("state")!;
        const back = new URL(new URL(url).searchParams.get("redirect_uri")!);
        back.search = new URLSearchParams({ error: "access_denied", error_description: "The person said no.", state, iss: provider.issuer }).toString();
        refused = fetch(back);
      },
    });
    expect((await refused!).status).toBe(200);
    expect(run.status).toBe(3);
    expect(run.stderr).toContain("did not complete");
    expect(run.stderr).toContain("The person said no.");
  });
});
