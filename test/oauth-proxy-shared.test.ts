import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "../packages/framework/src/scale/__fixtures__/redis-process.js";
import { PROXY_CLIENT, SCOPES, startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { startFrontDoor, type FrontDoor } from "./support/front-door.js";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";
import { installRuntimes } from "./support/runtimes.js";
import { buildWorkersStateBundle, startWorkerdWithState, WORKERS_STATE_BUNDLE } from "./support/workerd-state.js";

// Issue #54: the OAuth proxy's records (registered hosts, logins under way, codes) in the store its
// instances share, so that two instances behind one address finish a login started on the other:
// two server processes on one real Redis (--redis), and two Workers isolates on one Durable Object
// namespace (MCP_STATE) under workerd. A front door routes by path: the host registers and starts
// the login on A; the provider's redirect and the code's exchange reach B.

warnIfNoRedis("OAuth proxy on Redis test");
const workerd = installRuntimes().workerd;
const STATE_KEY = { MCP_REQUEST_STATE_KEY: "oauth-proxy-shared-test-key-of-32-bytes-or-more" };
const PROXY_ENV = {
  MCP_AUTH_PROXY_CLIENT_ID: PROXY_CLIENT.id,
  MCP_AUTH_PROXY_CLIENT_SECRET: PROXY_CLIENT.secret,
  MCP_AUTH_PROXY_SCOPES: SCOPES.replaceAll(" ", ","),
};

let provider: OpenIdProvider;
// Where the host's codes go: a loopback listener, as a host's own would be.
let landing: Server;
let landingUrl: string;
beforeAll(async () => {
  provider = await startOpenIdProvider({ registration: false });
  landing = createServer((_request, response) => response.end("ok"));
  await new Promise<void>((resolve) => landing.listen(0, "127.0.0.1", resolve));
  landingUrl = `http://127.0.0.1:${(landing.address() as AddressInfo).port}/callback`;
}, 30_000);
afterAll(async () => {
  landing?.close();
  await provider?.close();
});

/** Instances A and B behind one front door: what starts a login goes to A, what finishes it to B. */
function frontOf(instances: { a?: string; b?: string }): Promise<FrontDoor> {
  return startFrontDoor((path) => (path === "/oauth/callback" || path === "/oauth/token" ? instances.b! : instances.a!));
}

/** The whole login through the front door, as a host and its person's browser go through it, checked at each step. */
async function logInAcross(front: FrontDoor): Promise<{ code: string; verifier: string; clientId: string; accessToken: string }> {
  const registered = await fetch(`${front.origin}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ redirect_uris: [landingUrl], client_name: "test host", token_endpoint_auth_method: "none" }),
  });
  expect(registered.status).toBe(201);
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(8).toString("hex");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: landingUrl,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state,
    scope: "tickets:read",
  });
  const back = await provider.logIn(`${front.origin}/oauth/authorize?${query}`, "ada", [front.origin]);
  expect(Object.fromEntries(back.searchParams)).toEqual({ code: expect.any(String), state, iss: front.origin });
  const code = back.searchParams.get("code")!;
  const exchanged = await exchange(front.origin, clientId, code, verifier);
  expect(exchanged.status).toBe(200);
  const { access_token: accessToken } = (await exchanged.json()) as { access_token: string };
  expect(accessToken).toEqual(expect.any(String));
  return { code, verifier, clientId, accessToken };
}

function exchange(at: string, clientId: string, code: string, verifier: string): Promise<Response> {
  return fetch(`${at}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", client_id: clientId, code, code_verifier: verifier, redirect_uri: landingUrl }),
  });
}

/** Which instance answered each of the proxy's endpoints. */
function proxyRoutes(front: FrontDoor): Array<{ path: string; to: string }> {
  return front.routed.filter(({ path }) => path.startsWith("/oauth/"));
}

function initialize(url: string, accessToken: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "0" } },
    }),
  });
}

/**
 * One login across two instances: registered and started on A, finished and its code exchanged on
 * B, then the same code refused on A as used up, and the token it gave accepted by the front door.
 */
async function loginFinishesOnTheOther(front: FrontDoor, instances: { a?: string; b?: string }): Promise<void> {
  const { code, verifier, clientId, accessToken } = await logInAcross(front);
  expect(proxyRoutes(front)).toEqual([
    { path: "/oauth/register", to: instances.a },
    { path: "/oauth/authorize", to: instances.a },
    { path: "/oauth/callback", to: instances.b },
    { path: "/oauth/token", to: instances.b },
  ]);
  const again = await exchange(instances.a!, clientId, code, verifier);
  expect(await again.json()).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("already used") });
  expect((await initialize(`${front.origin}/mcp`, accessToken)).status).toBe(200);
}

describe.skipIf(!REDIS_SERVER)("the OAuth proxy of two server processes sharing one Redis (--redis)", () => {
  let redis: RedisProcess;
  let front: FrontDoor;
  const instances: { a?: string; b?: string } = {};
  const servers: HttpServerProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    front = await frontOf(instances);
    for (const name of ["a", "b"] as const) {
      const server = await startHttpServer(
        fromRoot("test/fixtures/dist/tc39/tickets.js"),
        ["--redis", redis.url, "--auth-proxy", provider.issuer, "--auth-resource", `${front.origin}/mcp`],
        { ...STATE_KEY, ...PROXY_ENV },
      );
      servers.push(server);
      instances[name] = new URL(server.url).origin;
    }
  }, 30_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await front?.close();
    await redis?.stop();
  });

  test("a login registered and started on A is finished and its code exchanged on B; the code is then used up on A too", async () => {
    await loginFinishesOnTheOther(front, instances);
  }, 30_000);

  test("while Redis is down, registration fails in words with 503 temporarily_unavailable, and works again once it is back", async () => {
    const register = () =>
      fetch(`${instances.a}/oauth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ redirect_uris: [landingUrl] }),
      });
    await redis.stop();
    const refused = await register();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: "temporarily_unavailable",
      error_description: expect.stringMatching(/^Could not keep a registered client: the shared store \(Redis at redis:\/\/127\.0\.0\.1:\d+\) is unavailable/),
    });
    await redis.start();
    await servers[0]!.stderrSays(`connected to Redis at ${redis.url} again`);
    expect((await register()).status).toBe(201);
  }, 30_000);
});

describe.skipIf("missing" in workerd)(`the OAuth proxy of two Workers isolates on one Durable Object namespace under workerd`, () => {
  let server: Awaited<ReturnType<typeof startWorkerdWithState>>;
  let front: FrontDoor;
  const instances: { a?: string; b?: string } = {};
  beforeAll(async () => {
    buildWorkersStateBundle();
    front = await frontOf(instances);
    server = await startWorkerdWithState(
      (workerd as { bin: string }).bin,
      WORKERS_STATE_BUNDLE,
      { kind: "memory" },
      {
        bindings: { ...STATE_KEY, ...PROXY_ENV, MCP_AUTH_PROXY_ISSUER: provider.issuer, MCP_AUTH_RESOURCE: `${front.origin}/mcp` },
      },
    );
    instances.a = new URL(server.url).origin;
    instances.b = new URL(server.twinUrl).origin;
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    await front?.close();
  });

  test("a login registered and started in one isolate is finished and its code exchanged in the other; the code is then used up in the first too", async () => {
    await loginFinishesOnTheOther(front, instances);
  }, 30_000);
});
