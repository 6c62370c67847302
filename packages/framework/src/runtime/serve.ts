import { TypemcpError } from "../errors/typemcp-error.js";
import { connectStdio } from "../transports/connect-stdio.js";
import { resolveHttpOptions, type HttpOptions } from "../transports/http/http-options.js";
import { serveHttp } from "../transports/http/serve-http.js";
import { selectTransport } from "../transports/select-transport.js";
import type { ServerInfo } from "./sdk.js";
import { ServerApp } from "./server-app.js";

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

/** The live lists of one kind of member: hide, show again or remove by name (or URI). */
export interface LiveList {
  /** Hides `key` from lists and calls; clients get a `list_changed` notification. */
  disable(key: string): boolean;
  /** Serves `key` again. */
  enable(key: string): boolean;
  /** Removes `key` for good. */
  remove(key: string): boolean;
  /** Every key, enabled or not. */
  keys(): string[];
}

/** A server that `serve()` started. */
export interface RunningServer {
  /** The names of the tools it serves, in `tools/list` order. */
  readonly tools: LiveList & { readonly names: readonly string[] };
  /** Its resources and resource templates, by URI. */
  readonly resources: LiveList;
  /** Its prompts, by name. */
  readonly prompts: LiveList;
  /** The MCP endpoint URL when serving over HTTP. */
  readonly url?: string;
  /**
   * Adds every `@tool`, `@resource` and `@prompt` method of another instance while running.
   * @typemcpServes
   */
  add(instance: object): void;
  /** Tells clients subscribed to `uri` that the resource changed (`notifications/resources/updated`). */
  resourceUpdated(uri: string): void;
}

/**
 * Serves every `@tool`, `@resource` and `@prompt` method of `instance` as an MCP server, over
 * stdio unless told otherwise (`node server.js --http --port 3000` needs no code change).
 * A server that cannot start (compiled without `typemcp build`, a bad flag, a busy port)
 * prints why to stderr and exits with status 1, so a host shows the reason instead of a hang.
 *
 * @typemcpServes
 * @example
 * ```ts
 * const server = await serve(new Calculator(), { name: "calc", version: "1.0.0" });
 * server.tools.disable("power"); // clients get notifications/tools/list_changed
 * ```
 */
export async function serve(instance: object, options: ServeOptions): Promise<RunningServer> {
  try {
    const { transport, http, ...info } = options;
    const app = new ServerApp(info);
    app.add(instance);
    const choice = selectTransport({ transport, http }, process.argv.slice(2), process.env);
    let url: string | undefined;
    if (choice.kind === "stdio") {
      await connectStdio(app.newSession());
    } else {
      const server = await serveHttp(() => app.newSession(), resolveHttpOptions(choice.options));
      url = server.url;
      process.stderr.write(`typemcp: ${info.name} serving MCP over HTTP at ${server.url}\n`);
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.once(signal, () => void server.close().then(() => process.exit(0)));
      }
    }
    return {
      tools: Object.assign(liveList(app.tools), { get names() { return app.tools.list().map((t) => t.name); } }),
      resources: liveList(app.resources),
      prompts: liveList(app.prompts),
      ...(url === undefined ? {} : { url }),
      add: (more) => app.add(more),
      resourceUpdated: (uri) => app.resourceUpdated(uri),
    };
  } catch (error) {
    process.stderr.write(`typemcp: ${describeStartupFailure(error)}\n`);
    process.exit(1);
  }
}

function liveList(registry: LiveList): LiveList {
  return {
    disable: (key) => registry.disable(key),
    enable: (key) => registry.enable(key),
    remove: (key) => registry.remove(key),
    keys: () => registry.keys(),
  };
}

function describeStartupFailure(error: unknown): string {
  if (error instanceof TypemcpError) return error.message;
  const code = (error as { code?: unknown }).code;
  if (code === "EADDRINUSE") return `cannot listen: the port is already in use (${(error as Error).message}). Pick another with --port.`;
  if (code === "EACCES") return `cannot listen: permission denied (${(error as Error).message}).`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
