// The SDK's stdio entry, which pins each connection to the era its first message opens, given
// our door (direct-door.ts) in front of the connection's own transport.
import type { Transport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { DirectDoor } from "./direct-door.js";
import type { ProtocolServer, ProtocolServerFactory } from "./protocol-types.js";
import { sdkServerOf } from "./sdk-server-of.js";
import { SdkServer } from "./sdk-server.js";

/** Serves one stdio-shaped connection (`transport`) in whichever era its first message opens. */
export function serveConnection(factory: ProtocolServerFactory, transport: Transport, onerror?: (error: Error) => void): { close(): Promise<void> } {
  const door = new DirectDoor(transport);
  const connect = (era: "modern" | "legacy") => {
    const protocol = factory(era === "modern" ? "2026-07-28" : "2025-11-25");
    const server = sdkServerOf(protocol);
    if (server instanceof SdkServer) door.admit(server, protocol.era);
    return server;
  };
  return serveStdio((ctx) => connect(ctx.era), { legacy: "serve", transport: door, ...(onerror ? { onerror } : {}) });
}

/**
 * Connects `protocol` to `transport` (a kept HTTP lane's, carrying one era's plain requests with
 * their HTTP facts, or a 2025-11-25 session's: `mode`) through a door, where a plain `tools/call`
 * is served directly.
 */
export async function connectLane(protocol: ProtocolServer, transport: Transport, mode: "lane" | "session" = "lane"): Promise<void> {
  const door = new DirectDoor(transport);
  const server = sdkServerOf(protocol);
  if (server instanceof SdkServer) {
    door.admit(server, protocol.era, mode);
    // Admitted before its first message, the door registers the server's handlers when a request
    // first needs them (a session opened and never used holds none). A stdio connection's door
    // is admitted by its first message: its server registers them when connected.
    server.handlersOnDemand();
  }
  await protocol.connect(door);
}
