import type { ProtocolServer } from "../runtime/sdk.js";
import { StdioTransport } from "./stdio-transport.js";
import { reserveStdout } from "./stdout-guard.js";

/**
 * Serves `server` over this process's stdin and stdout until stdin closes or a signal arrives,
 * then exits: a host that closes the pipe expects the process to go, whatever timers or sockets
 * the tools left open.
 */
export async function connectStdio(server: ProtocolServer): Promise<void> {
  const transport = new StdioTransport(reserveStdout());
  transport.onclose = () => exitSoon(0);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void transport.close());
  await server.connect(transport);
}

function exitSoon(code: number): void {
  // Let the response just written reach the pipe before the process goes.
  setImmediate(() => process.exit(code));
}
