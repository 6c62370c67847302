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
    const server = sdkServerOf(factory(era === "modern" ? "2026-07-28" : "2025-11-25"));
    // 2025-11-25 has no input rounds: a plain call needs nothing of the SDK's dispatcher.
    if (era === "legacy" && server instanceof SdkServer) door.admit(server);
    return server;
  };
  return serveStdio((ctx) => connect(ctx.era), { legacy: "serve", transport: door, ...(onerror ? { onerror } : {}) });
}

/**
 * Connects `protocol` to `transport` (a kept HTTP lane's, carrying one era's plain requests with
 * their HTTP facts) through a door: on a 2025-11-25 server a plain `tools/call` is served directly.
 */
export async function connectLane(protocol: ProtocolServer, transport: Transport): Promise<void> {
  const door = new DirectDoor(transport);
  const server = sdkServerOf(protocol);
  if (protocol.era === "2025-11-25" && server instanceof SdkServer) door.admit(server, "lane");
  await protocol.connect(door);
}
