import { describe, expect, test } from "vitest";
import { principalOf, toAuthInfo } from "./auth-info.js";
import { missingScopes } from "./scope-check.js";

describe("toAuthInfo", () => {
  test("reads RFC 9068 claims: sub, client_id and the space-separated scope", () => {
    expect(toAuthInfo({ sub: "alice", client_id: "app", scope: "a b", exp: 10 })).toMatchObject({
      subject: "alice",
      clientId: "app",
      scopes: ["a", "b"],
      expiresAt: 10,
    });
  });

  test("reads an scp list and azp, as Entra ID and Okta send them", () => {
    expect(toAuthInfo({ azp: "app", scp: ["a", "b"] })).toMatchObject({ subject: undefined, clientId: "app", scopes: ["a", "b"] });
  });
});

describe("principalOf", () => {
  test("is the subject, else the client, else undefined", () => {
    expect(principalOf(toAuthInfo({ sub: "alice", client_id: "app" }))).toBe("alice");
    expect(principalOf(toAuthInfo({ client_id: "app" }))).toBe("app");
    expect(principalOf(undefined)).toBeUndefined();
  });
});

describe("missingScopes", () => {
  test("names what the token lacks, and checks nothing without a verified token", () => {
    expect(missingScopes(["a", "b"], toAuthInfo({ scope: "a" }))).toEqual(["b"]);
    expect(missingScopes(["a"], undefined)).toEqual([]);
  });
});
