import { describe, expect, test } from "vitest";
import { TypemcpError } from "../../errors/typemcp-error.js";
import { assertAccessToken, assertAlgorithms, DEFAULT_ALGORITHMS } from "./jwt-verifier.js";
import { InvalidTokenError } from "./token-errors.js";

describe("assertAlgorithms", () => {
  test("accepts the asymmetric defaults", () => {
    expect(() => assertAlgorithms(DEFAULT_ALGORITHMS)).not.toThrow();
  });

  test.each([[["none"]], [["RS256", "HS256"]], [["hs512"]], [[]]])("refuses %j, with which anyone could make a token", (algorithms) => {
    expect(() => assertAlgorithms(algorithms)).toThrow(TypemcpError);
  });
});

describe("assertAccessToken", () => {
  test("takes at+jwt always, and by default JWT or no type without an ID token's marks", () => {
    for (const typ of ["at+jwt", "application/AT+JWT"]) expect(() => assertAccessToken(typ, { nonce: "n" }, true)).not.toThrow();
    for (const typ of ["JWT", "jwt", undefined]) expect(() => assertAccessToken(typ, { sub: "ada" }, false)).not.toThrow();
  });

  test.each([
    ["JWT", { nonce: "n" }, false, 'The token is an ID token (it carries "nonce"), not an access token.'],
    [undefined, { c_hash: "h" }, false, 'The token is an ID token (it carries "c_hash"), not an access token.'],
    ["JWT", { typ: "ID" }, false, 'The token is an ID token (it carries "typ"), not an access token.'],
    ["logout+jwt", {}, false, "The token's type is \"logout+jwt\", not an access token's."],
    ["JWT", {}, true, 'The token\'s type is "JWT"; this server takes only access tokens typed "at+jwt" (RFC 9068).'],
    [undefined, {}, true, 'The token\'s type is not given; this server takes only access tokens typed "at+jwt" (RFC 9068).'],
  ])("refuses typ %s with %j (requireAtJwt %s) in words", (typ, payload, strict, message) => {
    expect(() => assertAccessToken(typ, payload, strict)).toThrow(new InvalidTokenError(message));
  });
});
