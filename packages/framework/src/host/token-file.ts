import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** What the host keeps for one server and client: the SDK's stored tokens, as it gave them. */
export type SavedTokens = Record<string, unknown>;

/**
 * Where the host keeps OAuth tokens between runs: `TYPEMCP_TOKEN_FILE`, else
 * `~/.typemcp/tokens.json`. Readable and writable by the user only (0600, in a 0700 folder).
 */
export function defaultTokenFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.TYPEMCP_TOKEN_FILE || path.join(os.homedir(), ".typemcp", "tokens.json");
}

/** The tokens saved under `key`, if any; a missing or unreadable file holds none. */
export function readSavedTokens(file: string, key: string): SavedTokens | undefined {
  return readAll(file)[key];
}

/**
 * Saves `tokens` under `key`, keeping the others. Written to a private temporary file and renamed
 * over the old one, so the file is never readable by others, even for an instant, nor half written.
 */
export function saveTokens(file: string, key: string, tokens: SavedTokens): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const all = { ...readAll(file), [key]: tokens };
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  // An existing temporary file keeps its mode through writeFileSync: set it again.
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}

/** `tokens` with `expires_at` (seconds since the epoch) from their `expires_in`, so a later run can tell them stale. */
export function stampExpiry<T extends { expires_in?: number }>(tokens: T): T & { expires_at?: number } {
  return tokens.expires_in === undefined ? tokens : { ...tokens, expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in };
}

/**
 * Whether saved tokens' access token has expired or will within 5 s. The SDK does not look at
 * expiry before sending: a token known to be stale would cost a 401 first.
 */
export function isStale(saved: { expires_at?: unknown }): boolean {
  return typeof saved.expires_at === "number" && saved.expires_at * 1000 <= Date.now() + 5_000;
}

function readAll(file: string): Record<string, SavedTokens> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, SavedTokens>) : {};
  } catch {
    return {};
  }
}
