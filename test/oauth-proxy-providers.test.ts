import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  PROXY_CLIENT,
  RESOURCE_SERVER_CLIENT,
  SCOPES,
  startOpenIdProvider,
  type OpenIdProvider,
  type OpenIdProviderOptions,
} from "./fixtures/openid-provider.js";
import { startHttpServer } from "./support/http-server.js";
import { callWithLogin } from "./support/proxy-login.js";
import { fromRoot } from "./support/paths.js";

// Issue #54: the OAuth proxy in front of providers that differ from the first one it met: one
// that takes the server's client secret only as form fields (client_secret_post), chosen from its
// metadata or by hand; and one like GitHub, which publishes no metadata (its endpoints named by
// hand) and whose opaque tokens only the author's verifyToken can check. Each is a real
// oidc-provider configured so, with `typemcp call --login` as the host.

let dir: string;
beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-oauth-proxy-providers-"))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SECRET = { MCP_AUTH_PROXY_CLIENT_SECRET: PROXY_CLIENT.secret, MCP_AUTH_PROXY_SCOPES: SCOPES.replaceAll(" ", ",") };

/** Starts `provider`, then `script` as a proxy in front of it with `args` and `env`, and logs `subject` in through it with `typemcp call`. */
async function logInThrough(
  providerOptions: OpenIdProviderOptions,
  script: string,
  args: (provider: OpenIdProvider) => string[],
  env: (provider: OpenIdProvider) => Record<string, string> = () => ({}),
) {
  const provider = await startOpenIdProvider({ registration: false, ...providerOptions });
  try {
    const server = await startHttpServer(
      fromRoot(`test/fixtures/dist/tc39/${script}`),
      ["--auth-proxy", provider.issuer, "--auth-proxy-client-id", PROXY_CLIENT.id, ...args(provider)],
      {
        ...SECRET,
        ...env(provider),
      },
    );
    try {
      const tokenFile = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
      const run = await callWithLogin(provider, {
        url: server.url,
        tool: "tickets__listTickets",
        tokenFile,
        subject: "ada",
        through: [new URL(server.url).origin],
      });
      return {
        ...run,
        grants: { ...provider.grants },
        metadataRequests: provider.metadataRequests,
        tokenAuth: provider.tokenAuth,
        serverStderr: server.stderr(),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await provider.close();
  }
}

describe("the OAuth proxy's client at a provider that takes its secret only as form fields (client_secret_post)", () => {
  test("uses the form because the provider's metadata lists only it", async () => {
    const run = await logInThrough({ proxyClientAuth: "client_secret_post", clientAuthMethods: ["client_secret_post", "none"] }, "tickets.js", () => []);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).structuredContent).toMatchObject({ subject: "ada", scopes: expect.arrayContaining(["tickets:read"]) });
    expect(run.grants).toMatchObject({ authorization_code: 1 });
    expect(run.tokenAuth).toEqual(["form"]);
  }, 60_000);

  test("uses the form when told to (--auth-proxy-token-auth-method), though the metadata lists Basic too", async () => {
    const run = await logInThrough({ proxyClientAuth: "client_secret_post" }, "tickets.js", () => ["--auth-proxy-token-auth-method", "client_secret_post"]);
    expect(run.status, `${run.stderr}\n${run.serverStderr}`).toBe(0);
    expect(JSON.parse(run.stdout).structuredContent).toMatchObject({ subject: "ada" });
    expect(run.grants).toMatchObject({ authorization_code: 1 });
    expect(run.tokenAuth).toEqual(["form"]);
  }, 60_000);

  test("without being told, sends Basic where the metadata lists both, and the provider's refusal reaches the host in words", async () => {
    const run = await logInThrough({ proxyClientAuth: "client_secret_post" }, "tickets.js", () => []);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("The identity provider refused: this provider takes the client's secret as form fields only (client_secret_post)");
    expect(run.grants).toEqual({});
    expect(run.tokenAuth).toEqual(["basic"]);
  }, 60_000);
});

describe("the OAuth proxy in front of a provider that publishes no metadata, with opaque tokens (as GitHub)", () => {
  test("logs in at endpoints named by hand, never asking for metadata, and the author's verifyToken checks the token", async () => {
    const run = await logInThrough(
      { discovery: false, opaqueProxyTokens: true, proxyClientAuth: "client_secret_post" },
      "tickets-checked.js",
      (provider) => [
        "--auth-proxy-authorization-endpoint",
        `${provider.issuer}/auth`,
        "--auth-proxy-token-endpoint",
        `${provider.issuer}/token`,
        "--auth-proxy-token-auth-method",
        "client_secret_post",
      ],
      (provider) => ({
        TICKETS_CHECK_URL: `${provider.issuer}/token/introspection`,
        TICKETS_CHECK_CLIENT: RESOURCE_SERVER_CLIENT.id,
        TICKETS_CHECK_SECRET: RESOURCE_SERVER_CLIENT.secret,
      }),
    );
    expect(run.status, `${run.stderr}\n${run.serverStderr}`).toBe(0);
    expect(JSON.parse(run.stdout).structuredContent).toMatchObject({ subject: "ada", scopes: expect.arrayContaining(["tickets:read"]) });
    expect(run.grants).toMatchObject({ authorization_code: 1 });
    expect(run.metadataRequests).toBe(0);
    expect(run.tokenAuth).toEqual(["form"]);
  }, 60_000);
});
