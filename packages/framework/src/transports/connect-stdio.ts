import type { EarlySession } from "../runtime/early/early-session.js";
import type { Era, ProtocolServer } from "../runtime/sdk/protocol-types.js";
import { StdioHandover } from "./stdio-handover.js";
import { STDIO_LIMITS, StdioTransport } from "./stdio-transport.js";
import { reserveStdout } from "./stdout-guard.js";

/** What a stdio connection is served by: its early session, then the SDK's, continuing it. */
export interface StdioServing {
  earlySession(): EarlySession;
  openSession(options: { era: Era; connectionId: string }): ProtocolServer;
}

/**
 * Serves over this process's stdin and stdout, in the era the client's first message opens
 * (2025-11-25 with `initialize`, 2026-07-28 with a `_meta` envelope or `server/discover`), then
 * exits with status 0. The MCP SDK is loaded at the first message that needs it: `initialize`,
 * `ping` and the lists a host asks for when it starts are answered before (stdio-handover.ts),
 * so a host that starts many servers has their tools listed sooner, and a server it never calls
 * never loads the SDK. When the connection ends:
 * - stdin closes: calls in flight get up to 5 s, then each is cancelled and answered with an error;
 * - SIGTERM or SIGINT: the same with 1 s (a second signal stops waiting);
 * - stdout closes (EPIPE): calls are cancelled and the process leaves quietly.
 * A host that closes the pipe expects the process to go, whatever timers or sockets the tools
 * left open.
 */
export async function connectStdio(serving: StdioServing): Promise<void> {
  const transport = new StdioTransport(reserveStdout());
  transport.onClosed = () => exitSoon(0);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void transport.shutdown(STDIO_LIMITS.signalGraceMs, signal));
  }
  const early = serving.earlySession();
  const front = new StdioHandover(transport, early, async () => {
    const { serveConnection } = await import("../runtime/sdk/sdk.js");
    serveConnection((era) => {
      // The SDK's session continues the early one: the same caller, and list changes from it now.
      const protocol = serving.openSession({ era, connectionId: early.connectionId });
      void early.close();
      return protocol;
    }, front);
  });
  await front.open();
}

function exitSoon(code: number): void {
  // Let the response just written reach the pipe before the process goes.
  setImmediate(() => process.exit(code));
}
