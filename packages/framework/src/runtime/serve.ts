import { TypemcpError } from "../errors/typemcp-error.js";
import { connectStdio } from "../transports/connect-stdio.js";
import { resolveHttpOptions, type HttpOptions } from "../transports/http/http-options.js";
import { serveHttp } from "../transports/http/serve-http.js";
import { selectTransport } from "../transports/select-transport.js";
import { createProtocolServer, type ServerInfo } from "./sdk.js";
import { ToolRegistry } from "./tool-registry.js";

/** How `serve()` presents the server and which transport it uses. */
export interface ServeOptions extends ServerInfo {
  /**
   * `"stdio"` (default): the host starts the process and talks over stdin/stdout.
   * `"http"`: Streamable HTTP. Whoever runs the server can override this with `--http`/`--stdio`
   * or `MCP_TRANSPORT`.
   */
  transport?: "stdio" | "http";
  /** Streamable HTTP settings; flags (`--port`, `--host`, …) and `MCP_*` variables override them. */
  http?: HttpOptions;
}

/** A server that `serve()` started. */
export interface RunningServer {
  /** The names of the tools it serves, in `tools/list` order. */
  readonly tools: readonly string[];
  /** The MCP endpoint URL when serving over HTTP. */
  readonly url?: string;
}

/**
 * Serves every `@tool` method of `instance` as an MCP server, over stdio unless told otherwise
 * (`node server.js --http --port 3000` needs no code change). A server that cannot start
 * (compiled without `typemcp build`, a bad flag, a busy port) prints why to stderr and exits
 * with status 1, so a host shows the reason instead of a hang.
 *
 * @example
 * ```ts
 * serve(new Calculator(), { name: "calc", version: "1.0.0" });
 * ```
 */
export async function serve(instance: object, options: ServeOptions): Promise<RunningServer> {
  try {
    const registry = ToolRegistry.fromInstance(instance);
    const { transport, http, ...info } = options;
    const choice = selectTransport({ transport, http }, process.argv.slice(2), process.env);
    const newServer = () =>
      createProtocolServer(info, {
        listTools: () => registry.list(),
        callTool: (name, args) => registry.call(name, args),
      });
    const tools = registry.list().map((tool) => tool.name);
    if (choice.kind === "stdio") {
      await connectStdio(newServer());
      return { tools };
    }
    const server = await serveHttp(newServer, resolveHttpOptions(choice.options));
    process.stderr.write(`typemcp: ${info.name} serving MCP over HTTP at ${server.url}\n`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => void server.close().then(() => process.exit(0)));
    }
    return { tools, url: server.url };
  } catch (error) {
    process.stderr.write(`typemcp: ${describeStartupFailure(error)}\n`);
    process.exit(1);
  }
}

function describeStartupFailure(error: unknown): string {
  if (error instanceof TypemcpError) return error.message;
  const code = (error as { code?: unknown }).code;
  if (code === "EADDRINUSE") return `cannot listen: the port is already in use (${(error as Error).message}). Pick another with --port.`;
  if (code === "EACCES") return `cannot listen: permission denied (${(error as Error).message}).`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
