import type { ClientCredentials } from "./client-credentials-auth.js";
import type { LoginSettings } from "./login-auth.js";

/** How a config entry's fields are read: strings expanded (`${VAR}`), failures named where they are. */
export interface ConfigReader {
  expand(value: unknown, where: string): string;
  fail(where: string, problem: string): Error;
}

const FIELDS = ["clientId", "clientSecret", "issuer", "scope"];

/**
 * An mcp.json HTTP server's `"oauth"`: with `"clientSecret"` (and then `"issuer"`, the only
 * authorization server the secret is sent to), the client credentials grant for a machine;
 * without, a person's login, optionally with a registered `"clientId"`. `"scope"` either way.
 */
export function readOAuthConfig(value: unknown, at: string, reader: ConfigReader): { oauth: ClientCredentials } | { login: LoginSettings } | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw reader.fail(at, 'must be an object, e.g. {"scope": "tickets:read"} for a login');
  const entry = value as Record<string, unknown>;
  const unknown = Object.keys(entry).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined) throw reader.fail(`${at}.${unknown}`, `is not an OAuth setting; give ${FIELDS.map((key) => `"${key}"`).join(", ")}`);
  const read = (key: string) => (entry[key] === undefined ? undefined : reader.expand(entry[key], `${at}.${key}`));
  const [clientId, clientSecret, issuer, scope] = FIELDS.map(read);
  const scoped = scope === undefined ? {} : { scope };
  if (clientSecret === undefined) {
    if (issuer !== undefined)
      throw reader.fail(`${at}.issuer`, 'goes with "clientSecret" (client credentials); a login finds the authorization server from the server');
    return { login: { ...(clientId === undefined ? {} : { clientId }), ...scoped } };
  }
  if (clientId === undefined) throw reader.fail(at, 'has "clientSecret" but no "clientId"');
  if (issuer === undefined || !URL.canParse(issuer))
    throw reader.fail(`${at}.issuer`, "must be the URL of the authorization server the client is registered with, the only one its secret is sent to");
  return { oauth: { clientId, clientSecret, issuer, ...scoped } };
}
