import { TypemcpError } from "../../errors/typemcp-error.js";
import type { AuthInfo } from "../../runtime/identity/auth-info.js";

/**
 * One API key a script, a CI job or a service presents as its bearer token, beside (or instead
 * of) OAuth. Its `name` is who the caller is (`ctx.caller.key` is `key:<name>`, which tasks,
 * rate limits and cached results are kept by); its `scopes` are what it may use, checked against
 * `@tool({ scopes })` as a token's are.
 */
export interface ApiKey {
  /** Who presents it, as logs and `ctx.caller` name it: `ci`, `billing-service`. */
  name: string;
  /** The key itself (at least 32 characters), or leave it out and give its `sha256` instead. */
  key?: string;
  /**
   * The SHA-256 of the key, in hex, so that the configuration never holds the key:
   * `printf %s "$KEY" | sha256sum`.
   */
  sha256?: string;
  /** The scopes it grants. Default none: it reaches only what needs no scope. */
  scopes?: string[];
}

/** The shortest key accepted: 32 characters, about what `openssl rand -hex 16` prints. */
export const MIN_API_KEY_LENGTH = 32;

/** The keys as a server checks them: each one's digest, computed once. */
export interface ApiKeyRing {
  readonly keys: readonly { readonly name: string; readonly scopes: readonly string[]; readonly digest: Promise<Uint8Array> }[];
}

/** Checks `keys` (from code, or from `MCP_API_KEYS` / `--api-keys FILE`, named by `source`) and readies them for `matchApiKey`. */
export function toApiKeyRing(keys: readonly ApiKey[], source = "http.auth.apiKeys"): ApiKeyRing {
  const seen = new Set<string>();
  return {
    keys: keys.map((key, index) => {
      const where = `${source}[${index}]`;
      if (typeof key !== "object" || key === null) throw invalid(`${where} is not an object with a name and a key (or its sha256)`);
      const { name, scopes = [] } = key;
      if (typeof name !== "string" || !/^[\w.@-]{1,64}$/.test(name))
        throw invalid(`${where}.name must be 1 to 64 letters, digits, or . _ @ -, not ${JSON.stringify(name)}`);
      if (seen.has(name)) throw invalid(`${where}.name "${name}" names two keys: each key needs a name of its own`);
      seen.add(name);
      if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== "string" || s === "" || /\s/.test(s)))
        throw invalid(`${where}.scopes (key "${name}") must be a list of scope names without spaces`);
      return { name, scopes: [...scopes], digest: digestOf(key, where) };
    }),
  };
}

/** Reads and checks the JSON list of keys in `text` (the content of `MCP_API_KEYS`, or of the `--api-keys` file, named by `source`). */
export function parseApiKeys(text: string, source: string): ApiKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid(
      `${source} is not JSON (${error instanceof Error ? error.message : String(error)}): give a list like [{ "name": "ci", "sha256": "…", "scopes": ["tickets:read"] }]`,
    );
  }
  if (!Array.isArray(parsed)) throw invalid(`${source} must be a JSON list of keys, like [{ "name": "ci", "sha256": "…", "scopes": ["tickets:read"] }]`);
  toApiKeyRing(parsed as ApiKey[], source);
  return parsed as ApiKey[];
}

/**
 * The key `token` is, if it is one: every key is compared in full, so how long the check takes
 * says nothing of which key came close, nor of how many characters matched.
 */
export async function matchApiKey(token: string, ring: ApiKeyRing): Promise<AuthInfo | undefined> {
  const given = await digest(token);
  let found: ApiKeyRing["keys"][number] | undefined;
  for (const key of ring.keys) if (sameDigest(await key.digest, given)) found = key;
  return found && { subject: undefined, clientId: undefined, apiKey: found.name, scopes: found.scopes, claims: {}, expiresAt: undefined };
}

function digestOf(key: ApiKey, where: string): Promise<Uint8Array> {
  if ((key.key === undefined) === (key.sha256 === undefined))
    throw invalid(`${where} (key "${key.name}") needs either key or sha256, not ${key.key === undefined ? "neither" : "both"}`);
  if (key.sha256 !== undefined) {
    if (typeof key.sha256 !== "string" || !/^[0-9a-f]{64}$/i.test(key.sha256))
      throw invalid(`${where}.sha256 (key "${key.name}") must be the 64 hex digits of the key's SHA-256`);
    return Promise.resolve(Uint8Array.from(key.sha256.match(/../g)!, (pair) => Number.parseInt(pair, 16)));
  }
  if (typeof key.key !== "string" || key.key.length < MIN_API_KEY_LENGTH)
    throw invalid(`${where}.key (key "${key.name}") must be at least ${MIN_API_KEY_LENGTH} characters: a short key can be guessed`);
  const digested = digest(key.key);
  // Awaited at the first request; a failure is that request's, never an unhandled rejection.
  digested.catch(() => undefined);
  return digested;
}

/** Whether two SHA-256 digests are equal, compared in full whatever differs, so the time taken says nothing of where. */
export function sameDigest(a: Uint8Array, b: Uint8Array): boolean {
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/**
 * The SHA-256 of `value`, by Web Crypto, which every platform the handler runs on has (Node's own
 * crypto module is not on Workers without nodejs_compat).
 */
export async function digest(value: string): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
}

/** A setting of the API keys that cannot be served: stops the server at start-up, in words. */
export function invalid(message: string): TypemcpError {
  return new TypemcpError({ code: "INVALID_CONFIGURATION", message: `${message}.` });
}
