import { TypemcpError } from "../errors/typemcp-error.js";
import { connectStdio } from "../transports/connect-stdio.js";
import { createProtocolServer, type ServerInfo } from "./sdk.js";
import { ToolRegistry } from "./tool-registry.js";

/** How `serve()` presents the server and which transport it uses. */
export interface ServeOptions extends ServerInfo {
  /** Only `"stdio"` for now: the host starts the process and talks over stdin/stdout. */
  transport?: "stdio";
}

/** A server that `serve()` started. */
export interface RunningServer {
  /** The names of the tools it serves, in `tools/list` order. */
  readonly tools: readonly string[];
}

/**
 * Serves every `@tool` method of `instance` as an MCP server over stdio.
 * A server that cannot start (compiled without `typemcp build`, say) prints why to stderr and
 * exits with status 1, so a host shows the reason instead of a hang.
 *
 * @example
 * ```ts
 * serve(new Calculator(), { name: "calc", version: "1.0.0" });
 * ```
 */
export async function serve(instance: object, options: ServeOptions): Promise<RunningServer> {
  let registry: ToolRegistry;
  try {
    registry = ToolRegistry.fromInstance(instance);
  } catch (error) {
    if (!(error instanceof TypemcpError)) throw error;
    process.stderr.write(`typemcp: ${error.message}\n`);
    process.exit(1);
  }
  const { transport: _transport, ...info } = options;
  const server = createProtocolServer(info, {
    listTools: () => registry.list(),
    callTool: (name, args) => registry.call(name, args),
  });
  await connectStdio(server);
  return { tools: registry.list().map((tool) => tool.name) };
}
