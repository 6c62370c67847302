// The SDK's stdio entry, which pins each connection to the era its first message opens.
import type { Transport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { ProtocolServerFactory } from "./protocol-types.js";
import { sdkServerOf } from "./sdk-server-of.js";

/** Serves one stdio-shaped connection (`transport`) in whichever era its first message opens. */
export function serveConnection(factory: ProtocolServerFactory, transport: Transport, onerror?: (error: Error) => void): { close(): Promise<void> } {
  return serveStdio((ctx) => sdkServerOf(factory(ctx.era === "modern" ? "2026-07-28" : "2025-11-25")), {
    legacy: "serve",
    transport,
    ...(onerror ? { onerror } : {}),
  });
}
