import { TypemcpError } from "../errors/typemcp-error.js";
import { httpServingOf } from "./http-serving.js";
import { createServer, isTypemcpServer, type ServerOptions, type TypemcpServer } from "../runtime/create-server.js";
import { handleOf } from "../runtime/server-handle.js";
import { connectStdio } from "../transports/connect-stdio.js";
import { resolveHttpOptions } from "../transports/http/http-options.js";
import { selectTransport, type TransportOptions } from "../transports/select-transport.js";
import { listTtlFrom } from "./list-ttl.js";
import { withApiKeysFile } from "./api-keys-file.js";
import { findUnknownFlag, serverArguments } from "./server-flags.js";
import { taskLimitsFrom } from "./task-limits-from.js";
import { keepYoungGeneration } from "./young-generation.js";
import { keepSpansYoung } from "./span-pretenuring.js";
import { configuredRequestStateKey } from "../runtime/rounds/request-state-key.js";

export type { TransportOptions };

/** How `serve()` presents the server and which transport it uses. */
export interface ServeOptions extends ServerOptions, TransportOptions {}

/** A server that `serve()` started. */
export interface RunningServer extends TypemcpServer {
  /** The MCP endpoint URL when serving over HTTP. */
  readonly url?: string;
}

/**
 * Serves every `@tool`, `@resource` and `@prompt` method of `instance` as an MCP server, over
 * stdio unless told otherwise (`node server.js --http --port 3000` needs no code change).
 * This is the entry file's wrapper around `createServer()`: it reads the process's flags and
 * environment, handles signals, and when the server cannot start (compiled without
 * `typemcp build`, a bad value, a busy port) prints why to stderr and exits with status 1, so a
 * host shows the reason instead of a hang; a flag it does not know (flags after `--` are the
 * server's own) exits with status 2, naming the flag and the closest one it knows.
 *
 * @typemcpEntry
 * @typemcpServes
 * @example
 * ```ts
 * const server = await serve(new Calculator(), { name: "calc", version: "1.0.0" });
 * server.tools.disable("power"); // clients get notifications/tools/list_changed
 * ```
 */
export async function serve(instance: object, options: ServeOptions): Promise<RunningServer>;
/** Serves a server made by `createServer()`. */
export async function serve(server: TypemcpServer, options?: TransportOptions): Promise<RunningServer>;
export async function serve(target: object, options: TransportOptions & Partial<ServerOptions> = {}): Promise<RunningServer> {
  // Checked before anything else: a mistyped flag would otherwise leave a stdio server waiting.
  const argv = serverArguments(process.argv.slice(2));
  const unknown = findUnknownFlag(argv);
  if (unknown) {
    process.stderr.write(`typemcp: ${unknown}\n`);
    process.exit(2);
  }
  try {
    const { transport, http, ...info } = options;
    const server = isTypemcpServer(target) ? target : createServer(target, info as ServerOptions);
    const choice = selectTransport({ transport, http: withApiKeysFile(http, argv, process.env) }, argv, process.env);
    const listTtlMs = listTtlFrom(argv, process.env);
    const own = handleOf(server, "serve");
    if (listTtlMs !== undefined) own.useListTtl(listTtlMs);
    own.useTaskLimits(taskLimitsFrom(argv, process.env));
    // A key too short to sign 2026 input rounds is a configuration error: say so at start-up.
    configuredRequestStateKey();
    // A code-given skill that breaks the Agent Skills rules stops the server here, not at its first read.
    await own.skillsReady();
    // RSS after a burst of requests: see young-generation.ts.
    keepYoungGeneration();
    // Spans a batch processor holds, made in old space: see span-pretenuring.ts.
    keepSpansYoung();
    if (choice.kind === "stdio") {
      await connectStdio(own);
      return server;
    }
    // Imported here, not at the top: a stdio server never loads the HTTP layer nor, once
    // bundled, node:http, http2, stream and crypto (bundleEntries defers built-ins to first use).
    const { serveHttp } = await import("../transports/http/serve-http.js");
    const httpOptions = resolveHttpOptions(choice.options);
    // Loaded only when asked for: a server without --redis never evaluates the Redis client.
    const shared = httpOptions.redis === undefined ? undefined : await (await import("../scale/share-server.js")).shareServer(server, httpOptions);
    const handle = await serveHttp(httpServingOf(server), httpOptions);
    process.stderr.write(
      `typemcp: ${server.info.name} serving MCP over HTTP at ${handle.url}${shared ? ` (shared store: Redis at ${shared.redis.where})` : ""}\n`,
    );
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(
        signal,
        () =>
          void handle
            .close()
            .then(() => shared?.close())
            .then(() => process.exit(0)),
      );
    }
    return { ...server, url: handle.url };
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
