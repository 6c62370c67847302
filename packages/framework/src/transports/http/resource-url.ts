import { TypemcpError } from "../../errors/typemcp-error.js";
import { metadataPath } from "./bearer-auth.js";
import type { HttpAuthOptions } from "./http-options.js";

/** This server's OAuth identity for one request: its RFC 9728 `resource` and where its metadata document is. */
export interface ResourceUrls {
  readonly resource: string;
  readonly metadataUrl: string;
}

/**
 * Where a handler's OAuth resource identifier comes from, decided once at start-up and never
 * from a request that could be refused: `auth.resource` when set; else the URL the listener
 * itself was bound to (`publicUrl`, known to `serve()`'s own listener); else, without the
 * built-in verifier (`auth.issuer`, whose tokens' audience must be fixed), the endpoint on the
 * `Host` the request was sent to, computed for that request only and only after its Host check
 * passed. A handler that verifies tokens from an issuer and cannot know its public URL (an app
 * route, a platform entry) refuses to start without `auth.resource`.
 *
 * Answers with `at(requestUrl, checkedHost)` (the identity a request that passed the Host check
 * is answered with: metadata, challenges) and `fixed` (the one the built-in verifier checks
 * tokens' audience against); undefined for a server without OAuth.
 */
export function resourceUrlsOf(
  auth: HttpAuthOptions | undefined,
  options: { path: string; oauth: boolean; issuer: string | undefined; publicUrl: (() => string) | undefined },
): { at(requestUrl: URL, checkedHost: string | undefined): ResourceUrls; fixed: (() => string) | undefined } | undefined {
  if (!auth || !options.oauth) return undefined;
  const urls = (resource: string): ResourceUrls => ({ resource, metadataUrl: new URL(metadataPath(options.path), resource).href });
  const configured = auth.resource;
  if (configured !== undefined) {
    const fixed = urls(configured);
    return { at: () => fixed, fixed: () => configured };
  }
  const { publicUrl } = options;
  if (publicUrl) return { at: () => urls(publicUrl()), fixed: publicUrl };
  if (options.issuer !== undefined) {
    throw new TypemcpError({
      code: "INVALID_CONFIGURATION",
      message:
        'http.auth.resource is required with http.auth.issuer here: a handler mounted in an app or on a platform cannot know the public URL clients reach it at, and must not take it from a request\'s Host header. Set it to that URL (e.g. resource: "https://mcp.example.com/mcp"; MCP_AUTH_RESOURCE on the platform builds).',
    });
  }
  return { at: (requestUrl, checkedHost) => urls(new URL(options.path, `${requestUrl.protocol}//${checkedHost ?? requestUrl.host}`).href), fixed: undefined };
}

/** Throws the start-up error of `resourceUrlsOf` for a handler that cannot know its own URL. */
export function assertResourceKnown(options: { path: string; auth?: HttpAuthOptions | undefined }): void {
  const { auth } = options;
  const issuer = auth?.verifyToken === undefined ? (auth?.issuer ?? auth?.proxy?.issuer) : auth.proxy?.issuer;
  if (issuer !== undefined) resourceUrlsOf(auth, { path: options.path, oauth: true, issuer, publicUrl: undefined });
}
