import { describe, expect, test } from "vitest";
import { parseMcpConfig } from "./read-mcp-config.js";

const parse = (oauth: unknown, env: Record<string, string> = {}) =>
  parseMcpConfig({ mcpServers: { tickets: { url: "http://127.0.0.1:1/mcp", oauth } } }, { file: "/cfg/mcp.json", env });

describe("an mcp.json HTTP server's oauth", () => {
  test("without a secret is a person's login, with an optional client id and scope", () => {
    expect(parse({})).toEqual([{ kind: "http", name: "tickets", url: "http://127.0.0.1:1/mcp", login: {} }]);
    expect(parse({ clientId: "cli", scope: "tickets:read" })[0]).toMatchObject({ login: { clientId: "cli", scope: "tickets:read" } });
  });

  test("with a secret is client credentials, the secret read from the environment", () => {
    const [spec] = parse({ clientId: "agent", clientSecret: "${TICKETS_SECRET}", issuer: "http://127.0.0.1:2" }, { TICKETS_SECRET: "s3cret" });
    expect(spec).toMatchObject({ oauth: { clientId: "agent", clientSecret: "s3cret", issuer: "http://127.0.0.1:2" } });
    expect(spec).not.toHaveProperty("login");
  });

  test.each([
    ["login", "/cfg/mcp.json: mcpServers.tickets.oauth must be an object"],
    [{ clientSecret: "x", issuer: "http://as" }, '/cfg/mcp.json: mcpServers.tickets.oauth has "clientSecret" but no "clientId"'],
    [{ clientId: "a", clientSecret: "x" }, "/cfg/mcp.json: mcpServers.tickets.oauth.issuer must be the URL of the authorization server"],
    [{ issuer: "http://as" }, '/cfg/mcp.json: mcpServers.tickets.oauth.issuer goes with "clientSecret"'],
    [{ client_id: "a" }, '/cfg/mcp.json: mcpServers.tickets.oauth.client_id is not an OAuth setting; give "clientId", "clientSecret", "issuer", "scope"'],
  ])("refuses %j in words", (oauth, message) => {
    expect(() => parse(oauth)).toThrow(message);
  });
});
