import { describe, expect, test } from "vitest";
import { TypemcpError } from "../errors/typemcp-error.js";
import { selectTransport } from "./select-transport.js";

describe("selectTransport's OAuth settings", () => {
  test("takes the issuer and resource from flags, the audience and introspection credentials from the environment", () => {
    const choice = selectTransport(
      { http: { auth: { algorithms: ["ES256"] } } },
      ["--http", "--auth-issuer", "https://auth.example.com", "--auth-resource", "https://mcp.example.com/mcp"],
      { MCP_AUTH_AUDIENCE: "api://tickets", MCP_AUTH_INTROSPECTION_CLIENT_ID: "rs", MCP_AUTH_INTROSPECTION_CLIENT_SECRET: "secret" },
    );
    expect(choice).toMatchObject({
      kind: "http",
      options: {
        auth: {
          algorithms: ["ES256"],
          issuer: "https://auth.example.com",
          resource: "https://mcp.example.com/mcp",
          audience: "api://tickets",
          introspection: { clientId: "rs", clientSecret: "secret" },
        },
      },
    });
  });

  test("prefers MCP_AUTH_ISSUER to serve()'s issuer, and leaves serve()'s auth alone when nothing is set", () => {
    const base = { auth: { issuer: "https://old.example.com" } };
    expect(selectTransport({ http: base }, ["--http"], { MCP_AUTH_ISSUER: "https://new.example.com" })).toMatchObject({
      options: { auth: { issuer: "https://new.example.com" } },
    });
    expect(selectTransport({ http: base }, ["--http"], {})).toMatchObject({ options: { auth: base.auth } });
  });

  test("refuses an issuer that is not a URL, and an introspection id without its secret", () => {
    expect(() => selectTransport({}, ["--http", "--auth-issuer", "auth.example.com"], {})).toThrow(TypemcpError);
    expect(() => selectTransport({}, ["--http"], { MCP_AUTH_INTROSPECTION_CLIENT_ID: "rs" })).toThrow(/go together/);
  });
});

describe("selectTransport's OAuth proxy settings", () => {
  test("takes the provider and client from flags and the environment, the secret from the environment only, over serve()'s", () => {
    const base = {
      auth: { proxy: { issuer: "https://old.example.com", clientId: "old", clientSecret: "old-secret", redirectUris: ["https://app.example.com/cb"] } },
    };
    const choice = selectTransport(
      { http: base },
      ["--http", "--auth-proxy", "https://login.example.com", "--auth-proxy-scopes", "tickets:read,tickets:write"],
      {
        MCP_AUTH_PROXY_CLIENT_ID: "tickets-mcp",
        MCP_AUTH_PROXY_CLIENT_SECRET: "s3cret",
      },
    );
    expect(choice).toMatchObject({
      options: {
        auth: {
          proxy: {
            issuer: "https://login.example.com",
            clientId: "tickets-mcp",
            clientSecret: "s3cret",
            scopes: ["tickets:read", "tickets:write"],
            redirectUris: ["https://app.example.com/cb"],
          },
        },
      },
    });
  });

  test("takes the provider's endpoints and the client's way of authenticating by hand, and refuses a way it does not offer", () => {
    const env = {
      MCP_AUTH_PROXY_CLIENT_ID: "gh-app",
      MCP_AUTH_PROXY_CLIENT_SECRET: "s3cret",
      MCP_AUTH_PROXY_TOKEN_ENDPOINT: "https://github.com/login/oauth/access_token",
    };
    const argv = ["--http", "--auth-proxy", "https://github.com", "--auth-proxy-authorization-endpoint", "https://github.com/login/oauth/authorize"];
    expect(selectTransport({}, [...argv, "--auth-proxy-token-auth-method", "client_secret_post"], env)).toMatchObject({
      options: {
        auth: {
          proxy: {
            issuer: "https://github.com",
            authorizationEndpoint: "https://github.com/login/oauth/authorize",
            tokenEndpoint: "https://github.com/login/oauth/access_token",
            tokenEndpointAuthMethod: "client_secret_post",
          },
        },
      },
    });
    expect(() => selectTransport({}, argv, { ...env, MCP_AUTH_PROXY_TOKEN_AUTH_METHOD: "private_key_jwt" })).toThrow(
      'MCP_AUTH_PROXY_TOKEN_AUTH_METHOD must be client_secret_basic (HTTP Basic) or client_secret_post (form fields), not "private_key_jwt".',
    );
    expect(() => selectTransport({}, [...argv.slice(0, 3), "--auth-proxy-token-endpoint", "token"], env)).toThrow(/must be a URL/);
  });

  test("refuses a proxy without its client, naming what is missing, and a proxy flag given to a stdio server", () => {
    expect(() => selectTransport({}, ["--http", "--auth-proxy", "https://login.example.com"], {})).toThrow(
      "The OAuth proxy also needs MCP_AUTH_PROXY_CLIENT_ID and MCP_AUTH_PROXY_CLIENT_SECRET",
    );
    expect(() => selectTransport({}, ["--auth-proxy", "https://login.example.com"], {})).toThrow(/add --http/);
  });
});

describe("selectTransport's stdio", () => {
  test("refuses a flag only HTTP reads when nothing asked for HTTP, naming the flag and --http", () => {
    expect(() => selectTransport({}, ["--port", "3000"], {})).toThrow(
      "--port 3000 is a setting of HTTP serving, but this server is serving stdio: add --http to serve HTTP, or leave --port out.",
    );
    expect(() => selectTransport({}, ["--stdio", "--allowed-hosts", "a.example"], {})).toThrow("--allowed-hosts a.example is a setting of HTTP serving");
  });

  test("takes the same flag once HTTP is asked for, by flag, variable or serve()", () => {
    expect(selectTransport({}, ["--http", "--port", "3000"], {})).toMatchObject({ kind: "http", options: { port: 3000 } });
    expect(selectTransport({}, ["--port", "3000"], { MCP_TRANSPORT: "http" })).toMatchObject({ kind: "http", options: { port: 3000 } });
    expect(selectTransport({ transport: "http" }, ["--port", "3000"], {})).toMatchObject({ kind: "http", options: { port: 3000 } });
  });

  test("leaves an HTTP variable in the environment alone: only flags are the operator's words to this server", () => {
    expect(selectTransport({}, [], { MCP_PORT: "3000" })).toEqual({ kind: "stdio" });
  });
});
