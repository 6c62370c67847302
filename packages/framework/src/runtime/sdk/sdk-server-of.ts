// Which SDK `Server` stands behind each of our protocol servers: the SDK's entries (stdio's
// `serveStdio`, HTTP's `createMcpHandler`) take its `Server`, the rest of typemcp only ours.
import type { Server } from "@modelcontextprotocol/server";
import type { ProtocolServer } from "./protocol-types.js";

const SDK_SERVER = new WeakMap<ProtocolServer, Server>();

/** Records that `server` is the SDK `Server` behind `protocol` (done once, where it is made). */
export function registerSdkServer(protocol: ProtocolServer, server: Server): void {
  SDK_SERVER.set(protocol, server);
}

/** The SDK `Server` behind `protocol`; throws for a protocol server made elsewhere. */
export function sdkServerOf(protocol: ProtocolServer): Server {
  const server = SDK_SERVER.get(protocol);
  if (!server) throw new TypeError("not a protocol server made by createProtocolServer()");
  return server;
}
