import { onServerChange, openSession, scopeShortfallOf, scopesSupportedBy, type TypemcpServer } from "../runtime/create-server.js";
import type { HttpServing } from "../transports/http/http-handler.js";

/** What the HTTP handler needs of `server`: a protocol server per session or request, its changes and its scopes. */
export function httpServingOf(server: TypemcpServer): HttpServing {
  return {
    newServer: (session) => openSession(server, session),
    onChange: (listener) => onServerChange(server, listener),
    scopeShortfall: (message, auth) => scopeShortfallOf(server, message, auth),
    scopesSupported: () => scopesSupportedBy(server),
  };
}
