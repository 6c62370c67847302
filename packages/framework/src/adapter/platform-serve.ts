import { createServer, isTypemcpServer, type ServerOptions, type TypemcpServer } from "../runtime/create-server.js";
import { handleOf } from "../runtime/server-handle.js";
import { selectTransport } from "../transports/select-transport.js";
import { listTtlFrom } from "../serve/list-ttl.js";
import { redisWithoutTcp } from "./redis-without-tcp.js";
import { taskLimitsFrom } from "../serve/task-limits-from.js";
import type { RunningServer, TransportOptions } from "../serve/serve.js";
import { toFetchHandler, type FetchHandler, type FetchHandlerOptions } from "../serve/to-fetch-handler.js";
import { warn } from "../transports/http/platform.js";
import { resolveHttpOptions, type HttpStores } from "../transports/http/http-options.js";
import { isDurableObjectNamespace, type DurableObjectNamespace } from "./workers/durable-object-types.js";
import { STATE_BINDING } from "./workers/durable-protocol.js";
import { durableFetchHandler, durableStores, hearOtherIsolates } from "./workers/durable-serving.js";
import { sessionIdOfObject } from "./workers/durable-session.js";
import { hostSessions } from "./workers/typemcp-state.js";
import { useStatelessReason, type StatelessReason } from "../runtime/stateless-reason.js";

/**
 * What `serve()` is in a platform build (`typemcp build --target workers|deno|bun|vercel`): the
 * entry's own call records the server instead of starting a transport, and the platform's entry
 * (`export default { fetch }`, `Deno.serve`, `Bun.serve`) answers with {@link platformFetch}. So
 * an entry written for Node runs on each platform unchanged.
 */
export async function serve(target: object, options: TransportOptions & Partial<ServerOptions> = {}): Promise<RunningServer> {
  const { transport: _transport, http, ...info } = options;
  const server = isTypemcpServer(target) ? target : createServer(target, info as ServerOptions);
  served = { server, options: { ...(http ? { http } : {}) } };
  return server;
}

let served: { server: TypemcpServer; options: TransportOptions } | undefined;
let handler: FetchHandler | undefined;

/** Settings a platform entry fixes: stateless where the platform keeps no memory between requests (Workers, Vercel). */
export interface PlatformDefaults {
  stateless: boolean;
  /** Whether the platform can open a TCP connection (to Redis, for `REDIS_URL` / `http.redis`): not on Workers. */
  tcp: boolean;
  /**
   * Workers: keep sessions, tasks, streams and changes in Durable Objects when the `MCP_STATE`
   * binding is there (see adapter/workers/durable-protocol.ts); without it, serve stateless and say so once.
   */
  durableObjects?: boolean;
  /** Why the platform serves statelessly, for the refusals that say so (Vercel: its functions keep no memory). */
  statelessReason?: StatelessReason;
}

/**
 * The platform's fetch function for the server the entry served. Settings come from the entry's
 * `serve()` options, overridden by the `MCP_*` variables (`MCP_ALLOWED_HOSTS`, `MCP_AUTH_TOKEN`,
 * `MCP_STATELESS`, …) read from `env` (a Workers binding object) or the process environment,
 * once, at the first request. With `REDIS_URL` (or `http.redis`) the instances share tasks, streams
 * and changes through Redis, connected at the first request; Workers, which cannot open a TCP
 * connection, refuse it at the first request, saying so. On Workers with the `MCP_STATE` Durable
 * Object binding, they share them through Durable Objects instead, and 2025-11-25 clients get sessions.
 */
export function platformFetch(defaults: PlatformDefaults): (request: Request, env?: unknown, remoteAddress?: string) => Promise<Response> {
  if (defaults.durableObjects)
    hostSessions({
      handler: sessionHandler,
      idleMs: (env) => resolveHttpOptions(handlerOptions(defaults, env)).sessionIdleMs,
      streamTtlMs: 3_600_000,
      runTask: (env, order) => handleOf(objectStores(env).server, "serve").runTaskHere(order),
      taskStore: (env) => objectStores(env).stores.tasks!,
      hearChanges: (env, sessionId, onend) => hearOtherIsolates(served!.server, durableNamespaceOf(env)!, sessionId, onend),
    });
  return async (request, env, remoteAddress) => {
    if (!handler) {
      const namespace = defaults.durableObjects ? durableNamespaceOf(env) : undefined;
      const options = handlerOptions(namespace ? { ...defaults, stateless: false } : defaults, env);
      if (defaults.statelessReason) useStatelessReason(defaults.statelessReason);
      if (defaults.durableObjects && !namespace) {
        useStatelessReason({
          why: `a Workers build without the ${STATE_BINDING} Durable Object binding`,
          remedy: `bind ${STATE_BINDING} to the TypemcpState class this build exports, which gives 2025-11-25 clients sessions`,
        });
        warn(
          `typemcp: no Durable Object binding ${STATE_BINDING}: serving stateless, each isolate keeping its own tasks, streams and changes (bind ${STATE_BINDING} to the TypemcpState class to keep them; see "Run anywhere" in the typemcp README).`,
        );
      }
      handler = namespace ? durableFetchHandler(served!.server, options, namespace) : toFetchHandler(served!.server, options);
    }
    // The peer as the platform reports it: the handler makes it the caller's address (client-address.ts).
    return handler.handle(request, remoteAddress === undefined ? undefined : { remoteAddress });
  };
}

// The handler's settings, from the entry's serve() options and the MCP_* variables; the task and list settings go to the server.
function handlerOptions(defaults: PlatformDefaults, env: unknown): FetchHandlerOptions {
  if (!served) throw new Error("typemcp: the entry never called serve(): nothing to answer with.");
  const variables = stringsOf(env) ?? stringsOf((globalThis as { process?: { env?: unknown } }).process?.env) ?? {};
  const { http = {} } = served.options;
  const choice = selectTransport({ transport: "http", http: { stateless: defaults.stateless, ...http } }, [], variables);
  const ttl = listTtlFrom([], variables);
  const handle = handleOf(served.server, "serve");
  if (ttl !== undefined) handle.useListTtl(ttl);
  handle.useTaskLimits(taskLimitsFrom([], variables));
  const auth = choice.kind === "http" ? choice.options.auth : undefined;
  const token = variables.MCP_AUTH_TOKEN;
  if (choice.kind === "http" && choice.options.redis !== undefined && !defaults.tcp) throw redisWithoutTcp(choice.options.redis);
  return {
    ...(choice.kind === "http" ? choice.options : {}),
    // The shared token joins whatever else is configured (API keys, OAuth) rather than being lost to it.
    ...(auth || token ? { auth: { ...auth, ...(token && auth?.token === undefined ? { token } : {}) } } : {}),
  };
}

// A session object's handler: its own, so that closing one session (idle, deleted) closes nothing else.
function sessionHandler(env: unknown): FetchHandler {
  return toFetchHandler(served!.server, {
    ...handlerOptions({ stateless: false, tcp: false }, env),
    stateless: false,
    stores: sessionStores(durableNamespaceOf(env)!),
  });
}

// The Worker's stores, less the change bus: 2026-07-28 listen streams are the Worker's, never a session's.
function sessionStores(namespace: DurableObjectNamespace): HttpStores {
  const { bus: _workersOwn, ...stores } = durableStores(served!.server, namespace);
  return { ...stores, sessions: sessionIdOfObject };
}

// The stores of an object's isolate, and the task limits the variables set, for a task's run
// (its object may be in an isolate no request has reached).
function objectStores(env: unknown): { server: TypemcpServer; stores: HttpStores } {
  handlerOptions({ stateless: false, tcp: false }, env);
  return { server: served!.server, stores: durableStores(served!.server, durableNamespaceOf(env)!) };
}

function durableNamespaceOf(env: unknown): DurableObjectNamespace | undefined {
  const binding = (env as Record<string, unknown> | undefined)?.[STATE_BINDING];
  return isDurableObjectNamespace(binding) ? binding : undefined;
}

// A Workers env holds bindings of every kind; only its strings are settings.
function stringsOf(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const strings: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) if (typeof item === "string") strings[name] = item;
  return strings;
}
