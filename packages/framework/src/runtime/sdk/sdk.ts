/**
 * The runtime's door to the MCP SDK, `@modelcontextprotocol/server` (v2), which serves both
 * protocol eras, 2025-11-25 (initialize handshake, sessions, server-to-client requests) and
 * 2026-07-28 (stateless, a `_meta` envelope on every request, `server/discover`, input-required
 * results). Only the runtime's SDK modules import the SDK (the list is in sdk-seam.test.ts): those
 * re-exported here, and the server, lane and door modules they use. Everything else in
 * typemcp speaks in its own terms and imports from here.
 */
import { toInputRequest } from "./input-required.js";
import { createProtocolServer } from "../protocol-server.js";
import { provideSdk } from "../loaded-sdk.js";

export { createProtocolServer, toInputRequest };
export * from "./protocol-types.js";
export { configuredRequestStateKey, requestStateKey } from "./request-state-codec.js";
export {
  createHttpTransport,
  createHttpHandler2026,
  isHttpRequest2025,
  passesHttpChecks2025,
  type HttpRequestHead,
  type HttpTransport,
  type HttpTransportOptions,
  type HttpHandler2026,
  type HttpHandler2026Options,
} from "./sdk-http.js";
export { toWireAuth, type WireAuthInfo } from "./wire-auth.js";
export { connectLane, serveConnection } from "./sdk-stdio.js";

// Reachable from here on by the modules that may not import these (see loaded-sdk.ts).
provideSdk({ createProtocolServer, toInputRequest });
