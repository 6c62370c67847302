import { describe, expect, test } from "vitest";
import { isAllowedRedirectUri, isRegisteredRedirectUri } from "./redirect-uris.js";

describe("isAllowedRedirectUri", () => {
  test("allows http on a loopback address at any port, and configured URIs exactly", () => {
    for (const uri of ["http://127.0.0.1:53682/callback", "http://localhost:8080/cb", "http://[::1]:9000/cb", "http://127.0.0.1/callback"])
      expect(isAllowedRedirectUri(uri, [])).toBe(true);
    expect(isAllowedRedirectUri("https://claude.ai/api/mcp/auth_callback", ["https://claude.ai/api/mcp/auth_callback"])).toBe(true);
  });

  test("refuses other hosts, names that only start like loopback, fragments, credentials and near misses of configured ones", () => {
    for (const uri of [
      "https://attacker.example/cb",
      "http://127.attacker.example/cb",
      "http://127.0.0.1:8080/cb#x",
      "http://user@127.0.0.1/cb",
      "https://127.0.0.1/cb",
      "https://claude.ai/api/mcp/auth_callback/",
      "not a url",
    ])
      expect(isAllowedRedirectUri(uri, ["https://claude.ai/api/mcp/auth_callback"]), uri).toBe(false);
  });
});

describe("isRegisteredRedirectUri", () => {
  test("matches a registered loopback URI on another port, but not another path or host", () => {
    const registered = ["http://127.0.0.1:4000/callback", "https://app.example.com/cb"];
    expect(isRegisteredRedirectUri("http://127.0.0.1:5111/callback", registered)).toBe(true);
    expect(isRegisteredRedirectUri("https://app.example.com/cb", registered)).toBe(true);
    expect(isRegisteredRedirectUri("http://127.0.0.1:5111/other", registered)).toBe(false);
    expect(isRegisteredRedirectUri("http://someone@127.0.0.1:5111/callback", registered)).toBe(false);
    expect(isRegisteredRedirectUri("http://localhost:4000/callback", registered)).toBe(false);
    expect(isRegisteredRedirectUri("https://app.example.com:444/cb", registered)).toBe(false);
  });
});
