import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { matchApiKey, parseApiKeys, toApiKeyRing } from "./api-keys.js";
import { checkBearer } from "./bearer-auth.js";

const CI_KEY = "ci-0123456789abcdef0123456789abcdef";
const READER_KEY = "reader-0123456789abcdef0123456789ab";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const ring = () =>
  toApiKeyRing([
    { name: "ci", sha256: sha256(CI_KEY), scopes: ["tickets:read", "tickets:write"] },
    { name: "reader", key: READER_KEY },
  ]);

describe("API keys", () => {
  test("a key, given as itself or by its SHA-256, is the caller it names, with its scopes", async () => {
    expect(await matchApiKey(CI_KEY, ring())).toEqual({
      subject: undefined,
      clientId: undefined,
      apiKey: "ci",
      scopes: ["tickets:read", "tickets:write"],
      claims: {},
      expiresAt: undefined,
    });
    expect((await matchApiKey(READER_KEY, ring()))?.apiKey).toBe("reader");
    expect(await matchApiKey(`${CI_KEY}x`, ring())).toBeUndefined();
    expect(await matchApiKey(sha256(CI_KEY), ring())).toBeUndefined();
  });

  test("a bearer check takes a key first, then the shared token, and refuses anything else in words", async () => {
    const check = { auth: { token: "shared-token" }, metadataUrl: () => undefined, oauth: undefined, apiKeys: ring() };
    expect(await checkBearer(`Bearer ${CI_KEY}`, check)).toMatchObject({ auth: { apiKey: "ci" } });
    expect(await checkBearer("Bearer shared-token", check)).toEqual({ auth: undefined });
    expect(await checkBearer("Bearer guess", check)).toMatchObject({ refusal: { status: 401, message: "Invalid bearer token. The token was refused." } });
  });

  test("a configuration that would let a key be guessed, or be ambiguous, is refused at start-up, naming the key", () => {
    const refusal = (keys: unknown[]) => {
      try {
        toApiKeyRing(keys as never, "MCP_API_KEYS");
      } catch (error) {
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(refusal([{ name: "ci", key: "short" }])).toBe('MCP_API_KEYS[0].key (key "ci") must be at least 32 characters: a short key can be guessed.');
    expect(refusal([{ name: "ci" }])).toBe('MCP_API_KEYS[0] (key "ci") needs either key or sha256, not neither.');
    expect(refusal([{ name: "ci", key: CI_KEY, sha256: sha256(CI_KEY) }])).toBe('MCP_API_KEYS[0] (key "ci") needs either key or sha256, not both.');
    expect(refusal([{ name: "ci", sha256: "abc" }])).toBe(`MCP_API_KEYS[0].sha256 (key "ci") must be the 64 hex digits of the key's SHA-256.`);
    expect(
      refusal([
        { name: "ci", key: CI_KEY },
        { name: "ci", key: READER_KEY },
      ]),
    ).toBe('MCP_API_KEYS[1].name "ci" names two keys: each key needs a name of its own.');
    expect(refusal([{ name: "a key", key: CI_KEY }])).toBe('MCP_API_KEYS[0].name must be 1 to 64 letters, digits, or . _ @ -, not "a key".');
    expect(refusal([{ name: "ci", key: CI_KEY, scopes: "tickets:read" }])).toBe(
      'MCP_API_KEYS[0].scopes (key "ci") must be a list of scope names without spaces.',
    );
    expect(refusal([{ name: "ci", key: CI_KEY, scopes: ["tickets:read"] }])).toBe("accepted");
  });

  test("MCP_API_KEYS and the --api-keys file are a JSON list, and anything else is refused with an example", () => {
    expect(parseApiKeys(JSON.stringify([{ name: "ci", key: CI_KEY }]), "keys.json")).toEqual([{ name: "ci", key: CI_KEY }]);
    expect(() => parseApiKeys("{", "keys.json")).toThrow(/^keys\.json is not JSON \(.*\): give a list like \[\{ "name": "ci"/);
    expect(() => parseApiKeys('{"name":"ci"}', "MCP_API_KEYS")).toThrow(
      'MCP_API_KEYS must be a JSON list of keys, like [{ "name": "ci", "sha256": "…", "scopes": ["tickets:read"] }].',
    );
  });
});
