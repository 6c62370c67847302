import { describe, expect, test } from "vitest";
import { TypemcpError } from "../../../errors/typemcp-error.js";
import { createOAuthProxy } from "./oauth-proxy.js";

const OPTIONS = { issuer: "https://login.example.com", clientId: "tickets-mcp", clientSecret: "s3cret", scopes: ["tickets:read"] };
const GET = { method: "GET", query: new URLSearchParams(), header: () => null, body: async () => ({ ok: true as const, text: "" }) };

describe("createOAuthProxy", () => {
  test("publishes metadata whose endpoints are at the root of the resource's origin", async () => {
    const proxy = createOAuthProxy(OPTIONS, () => "https://mcp.example.com/api/mcp");
    expect(proxy.issuer()).toBe("https://mcp.example.com");
    expect(proxy.handles("/oauth/token")).toBe(true);
    expect(proxy.handles("/mcp")).toBe(false);
    const metadata = await (await proxy.answer("/.well-known/oauth-authorization-server", GET)).json();
    expect(metadata).toEqual({
      issuer: "https://mcp.example.com",
      authorization_endpoint: "https://mcp.example.com/oauth/authorize",
      token_endpoint: "https://mcp.example.com/oauth/token",
      registration_endpoint: "https://mcp.example.com/oauth/register",
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      authorization_response_iss_parameter_supported: true,
      scopes_supported: ["tickets:read"],
    });
  });

  test("refuses at start-up a proxy without its client secret, or with a redirect URI that has a fragment, naming what is wrong", () => {
    expect(() => createOAuthProxy({ ...OPTIONS, clientSecret: "" }, () => "https://mcp.example.com/mcp")).toThrow(
      expect.objectContaining({ code: "INVALID_CONFIGURATION", message: expect.stringContaining("http.auth.proxy needs clientSecret") }),
    );
    expect(() => createOAuthProxy({ ...OPTIONS, redirectUris: ["https://app.example.com/cb#x"] }, () => "https://mcp.example.com/mcp")).toThrow(TypemcpError);
  });
});
