import type { AuthInfo } from "./auth-info.js";

/** Something that may declare the OAuth scopes a caller needs (a tool, resource or prompt). */
export interface Scoped {
  readonly scopes: readonly string[];
}

/**
 * The scopes of `required` that `auth` lacks; none when every one is granted. A request that
 * carried no verified token (`auth` undefined: stdio, a shared `MCP_AUTH_TOKEN`) is not checked:
 * scopes are what an OAuth authorization server granted, and such a caller was granted nothing
 * narrower than the whole server.
 */
export function missingScopes(required: readonly string[], auth: AuthInfo | undefined): string[] {
  if (auth === undefined || required.length === 0) return [];
  return required.filter((scope) => !auth.scopes.includes(scope));
}

/** Whether `auth` may use `item`: it holds every scope the item declares. */
export function isPermitted(item: Scoped, auth: AuthInfo | undefined): boolean {
  return missingScopes(item.scopes, auth).length === 0;
}
