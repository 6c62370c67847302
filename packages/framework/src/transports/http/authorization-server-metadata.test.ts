import { describe, expect, test } from "vitest";
import { metadataUrls } from "./authorization-server-metadata.js";

describe("metadataUrls", () => {
  test("tries RFC 8414 then OpenID Connect for an issuer without a path", () => {
    expect(metadataUrls("https://auth.example.com")).toEqual([
      "https://auth.example.com/.well-known/oauth-authorization-server",
      "https://auth.example.com/.well-known/openid-configuration",
    ]);
  });

  test("inserts the well-known segment before an issuer's path, and also appends OpenID's", () => {
    expect(metadataUrls("https://auth.example.com/tenant/")).toEqual([
      "https://auth.example.com/.well-known/oauth-authorization-server/tenant",
      "https://auth.example.com/.well-known/openid-configuration/tenant",
      "https://auth.example.com/tenant/.well-known/openid-configuration",
    ]);
  });
});
