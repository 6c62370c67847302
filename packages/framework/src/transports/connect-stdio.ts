import { serveConnection, type ProtocolServerFactory } from "../runtime/sdk/sdk.js";
import { STDIO_LIMITS, StdioTransport } from "./stdio-transport.js";
import { reserveStdout } from "./stdout-guard.js";

/**
 * Serves over this process's stdin and stdout, in the era the client's first message opens
 * (2025-11-25 with `initialize`, 2026-07-28 with a `_meta` envelope or `server/discover`), each
 * connection by one protocol server from `factory`, then exits with status 0:
 * - stdin closes: calls in flight get up to 5 s, then each is cancelled and answered with an error;
 * - SIGTERM or SIGINT: the same with 1 s (a second signal stops waiting);
 * - stdout closes (EPIPE): calls are cancelled and the process leaves quietly.
 * A host that closes the pipe expects the process to go, whatever timers or sockets the tools
 * left open.
 */
export async function connectStdio(factory: ProtocolServerFactory): Promise<void> {
  const transport = new StdioTransport(reserveStdout());
  transport.onClosed = () => exitSoon(0);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void transport.shutdown(STDIO_LIMITS.signalGraceMs, signal));
  }
  serveConnection(factory, transport);
}

function exitSoon(code: number): void {
  // Let the response just written reach the pipe before the process goes.
  setImmediate(() => process.exit(code));
}
