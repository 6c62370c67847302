import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLIENT, startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { typemcp } from "./support/host-cli.js";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

describe("typemcp list/call --url against a server that wants OAuth (client credentials)", () => {
  let provider: OpenIdProvider;
  let server: HttpServerProcess;
  let dir: string;
  let tokenFile: string;
  const env = () => ({ ...process.env, TYPEMCP_TOKEN_FILE: tokenFile, TYPEMCP_CLIENT_SECRET: CLIENT.secret });
  const oauth = () => ["--url", server.url, "--client-id", CLIENT.id, "--issuer", provider.issuer];

  beforeAll(async () => {
    provider = await startOpenIdProvider();
    server = await startHttpServer(fromRoot("test/fixtures/dist/tc39/tickets.js"), [], { MCP_AUTH_ISSUER: provider.issuer });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-oauth-"));
    tokenFile = path.join(dir, "state", "tokens.json");
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("gets a token from the authorization server the server names, and keeps it in a file only the user can read", async () => {
    const listed = await typemcp(["list", ...oauth(), "--scope", "tickets:read"], { env: env() });
    expect(listed.stderr).toBe("");
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain("listTickets");
    expect(listed.stdout).not.toContain("closeTicket");
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(fs.readFileSync(tokenFile, "utf8")) as Record<string, { access_token: string }>;
    const [key] = Object.keys(saved);
    expect(key).toBe(`${server.url} ${CLIENT.id}`);

    // The next run reuses the saved token: the file is not written again.
    const called = await typemcp(["call", "tickets__whoami", ...oauth(), "--scope", "tickets:read", "--json"], { env: env() });
    expect(called.status).toBe(0);
    expect(called.stdout).toContain(CLIENT.id);
    expect(JSON.parse(fs.readFileSync(tokenFile, "utf8"))[key!].access_token).toBe(saved[key!]!.access_token);
  });

  test("without --scope asks for every scope the server's metadata lists, so every tool can be called", async () => {
    const own = { ...env(), TYPEMCP_TOKEN_FILE: path.join(dir, "all-scopes.json") };
    const called = await typemcp(["call", "tickets__closeTicket", "--arg", "id=T-7", ...oauth(), "--json"], { env: own });
    expect(called.stderr).toBe("");
    expect(called.status).toBe(0);
    expect(called.stdout).toContain("T-7");
  });

  test("refuses client credentials without the issuer they belong to", async () => {
    const run = await typemcp(["list", "--url", server.url, "--client-id", CLIENT.id], { env: env() });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--issuer");
  });
});
