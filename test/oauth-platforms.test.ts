import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { accessToken } from "./support/access-token.js";
import { startHttpServer } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";
import { request2026 } from "./support/request-2026.js";
import { installRuntimes, startUnder } from "./support/runtimes.js";

// An OAuth resource server (MCP_AUTH_ISSUER) verifies real signed JWTs on every platform it is
// built for: the issuer's metadata and keys are fetched from a real OpenID provider on loopback,
// with fetch options each runtime accepts (workerd refuses redirect: "error"). The contract
// fixture (built by test/contract-setup.ts) runs as itself under each runtime from npm, statelessly,
// behind a gateway and in this process through toFetchHandler.

const DIST = fromRoot("test/fixtures/contract/dist");
const RESOURCE = "https://contract.example/mcp";
const runtimes = installRuntimes();

let provider: OpenIdProvider;
beforeAll(async () => {
  provider = await startOpenIdProvider();
}, 30_000);
afterAll(() => provider?.close());

/** An access token for `sub` with this server as its audience, signed with `key` (the provider's unless given). */
const tokenOf = (sub: string, key?: JWK) => accessToken(provider, sub, RESOURCE, key);

/** A server that answers `fetch`, started with the environment the entry reads (or its options in code). */
type Started = { fetch(request: Request): Promise<Response>; url: string; stop(): Promise<void> };
const overHttp = async (started: Promise<{ url: string; stop(): Promise<void> }>): Promise<Started> => {
  const server = await started;
  return { url: server.url, stop: () => server.stop(), fetch: (request) => fetch(request) };
};

const PLATFORMS: Array<{ id: string; missing?: string; tool?: string; start(env: Record<string, string>): Promise<Started> }> = [
  { id: "Node listener", start: (env) => overHttp(startHttpServer(`${DIST}/contract.js`, [], env)) },
  { id: "Node listener --stateless", start: (env) => overHttp(startHttpServer(`${DIST}/contract.js`, ["--stateless"], env)) },
  // The gateway verifies the token and answers for the class it mounts.
  { id: "a gateway, mounted class", tool: "local_whoami", start: (env) => overHttp(startHttpServer(`${DIST}/contract-gateway.js`, [], env)) },
  { id: "toFetchHandler", start: (env) => inProcess(env.MCP_AUTH_ISSUER!, env.MCP_AUTH_RESOURCE!) },
  ...(["workerd", "deno", "bun"] as const).map((runtime) => ({
    id: runtime,
    missing: "missing" in runtimes[runtime] ? (runtimes[runtime] as { missing: string }).missing : undefined,
    start: (env: Record<string, string>) =>
      overHttp(
        startUnder(runtime, (runtimes[runtime] as { bin: string }).bin, `${DIST}/contract.${runtime === "workerd" ? "workers" : runtime}.js`, 30_000, env),
      ),
  })),
];

// The web-standard handler in this process, configured in code as an app mounting it would.
async function inProcess(issuer: string, resource: string): Promise<Started> {
  const typemcp = (await import("typemcp")) as unknown as {
    createServer(instance: object, info: object): object;
    toFetchHandler(server: object, options: object): { fetch(request: Request): Promise<Response>; close(): Promise<void> };
  };
  const { ContractTools } = (await import(pathToFileURL(`${DIST}/contract-tools.js`).href)) as { ContractTools: new () => object };
  const handler = typemcp.toFetchHandler(typemcp.createServer(new ContractTools(), { name: "contract", version: "1.0.0" }), { auth: { issuer, resource } });
  return { url: "http://127.0.0.1/mcp", fetch: (request) => handler.fetch(request), stop: () => handler.close() };
}

for (const platform of PLATFORMS) {
  const missing = platform.missing;
  describe.skipIf(missing !== undefined)(`a JWT-protected server on ${platform.id}${missing ? ` (skipped: ${missing})` : ""}`, () => {
    let server: Started;
    beforeAll(async () => {
      server = await platform.start({ MCP_AUTH_ISSUER: provider.issuer, MCP_AUTH_RESOURCE: RESOURCE });
    }, 60_000);
    afterAll(() => server?.stop());

    const whoami = (token: string) =>
      server.fetch(
        request2026(server.url, "tools/call", { name: platform.tool ?? "whoami", arguments: {} }, { headers: { Authorization: `Bearer ${token}` } }),
      );

    test("answers a call with a valid token as its subject", async () => {
      const answered = await whoami(await tokenOf("alice"));
      expect(answered.status).toBe(200);
      expect(((await answered.json()) as { result: { structuredContent: unknown } }).result.structuredContent).toEqual({
        key: "user:alice",
        countKey: "user:alice",
      });
    });

    test("refuses a token signed with another key, with the RFC 6750 challenge", async () => {
      const { privateKey } = await generateKeyPair("RS256", { extractable: true });
      const forged = await tokenOf("alice", { ...(await exportJWK(privateKey)), kid: provider.signingKey.kid! });
      const refused = await whoami(forged);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
    });
  });
}
