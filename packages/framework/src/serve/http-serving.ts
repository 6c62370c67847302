import type { TypemcpServer } from "../runtime/create-server.js";
import { handleOf } from "../runtime/server-handle.js";
import type { HttpServing } from "../transports/http/http-handler.js";

/** What the HTTP handler needs of `server`: a protocol server per session or request, its changes and its scopes. */
export function httpServingOf(server: TypemcpServer): HttpServing {
  const handle = handleOf(server, "serve");
  return {
    newServer: (session) => handle.openSession(session),
    onChange: (listener) => handle.onChange(listener),
    scopeShortfall: (message, auth) => handle.scopeShortfall(message, auth),
    scopesSupported: () => handle.scopesSupported(),
  };
}
