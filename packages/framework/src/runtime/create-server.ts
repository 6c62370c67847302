import type { ResultPlan } from "../definitions/tool-definition.js";
import type { Era, ProtocolServer, ServerInfo } from "./sdk.js";
import { ServerApp, type ServerChange } from "./server-app.js";
import type { AuthInfo } from "./auth-info.js";
import { scopeShortfall, scopesSupported, taskScopeShortfall, type ScopeShortfall } from "./scope-shortfall.js";
import type { InputLimits } from "./string-limits.js";
import type { TaskStore } from "./task-store.js";
import type { TaskLimits } from "./task-limits.js";
import type { TaskPlace, TaskRunOrder } from "./task-runner.js";
import type { UsedStates } from "./used-states.js";
import type { Middleware } from "./middleware.js";
import type { RemoteServer } from "./proxied-tool.js";
import { mountPart } from "./mount-part.js";
import type { PartTransforms } from "./mount/part-transforms.js";
import type { InlineSkill } from "./skills/inline-skills.js";

/** What `createServer` is told: who the server is, and optionally the caps on what a request may carry. */
export interface ServerOptions extends ServerInfo {
  /** Caps on what one request may carry; see {@link InputLimits}. */
  limits?: InputLimits;
  /**
   * How long a 2026-07-28 client may cache the tool, resource and prompt lists, in ms (default
   * one hour): a client that cached a list keeps using it until then, even after a new version
   * is deployed with other tools. 0 lets no client cache them. `serve()` takes `--list-ttl
   * SECONDS` or `MCP_LIST_TTL` over this; `typemcp dev` serves with 0.
   */
  listTtlMs?: number;
  /**
   * Bounds on tasks (tools with `@tool({ task })`): how many run at once, per owner and in all,
   * how many bytes their arguments and results keep, and how long they are kept; see
   * {@link TaskLimits} for the defaults. `serve()` takes the `--max-task…` flags and
   * `MCP_MAX_TASK…` variables over these.
   */
  taskLimits?: TaskLimits;
  /**
   * Middleware around every request and every tool call, outermost first; a class's or a
   * method's `@use(…)` runs inside these. See {@link Middleware} for the order and what a hook may do.
   */
  use?: readonly Middleware[];
  /**
   * Skills served beside the ones of the `skills/` folder the build found (SEP-2640): each a
   * path under `skill://` and its files, `SKILL.md` first. Checked as the build checks the
   * folder's; a skill at the same path as one of the folder's replaces it. See docs/skills.md.
   */
  skills?: readonly InlineSkill[];
}

/** The live list of one kind of component: hide, show again or remove by name (or URI). */
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

/**
 * An MCP server that is not connected to anything yet: what it serves, and how to change that
 * while it runs. It never touches the process (no argv, environment, signals or exit), so a test
 * can connect it to an in-memory client (`typemcp/testing`) and an entry file can hand it to `serve()`.
 */
export interface TypemcpServer {
  /** Who the server says it is in the `initialize` handshake. */
  readonly info: ServerInfo;
  /** Its tools, by name; `names` in `tools/list` order. */
  readonly tools: LiveList & { readonly names: readonly string[] };
  /** Its resources and resource templates, by URI. */
  readonly resources: LiveList;
  /** Its prompts, by name. */
  readonly prompts: LiveList;
  /**
   * Adds every `@tool`, `@resource` and `@prompt` method of another instance, also while serving.
   * @typemcpServes
   */
  add(instance: object): void;
  /**
   * Serves `part` under `prefix`: its tools and prompts as `prefix_name`, its resources as
   * `scheme://prefix/…`. `part` is an instance with `@tool`/`@resource`/`@prompt` methods, a
   * whole server from `createServer()` (each of its parts, with its middleware's `onToolCall`
   * hooks), or a connected MCP server (`connectServer()` from `typemcp/host`), whose tools are
   * called through it (and, connected with `{ proxy: true }`, its resources, templates, prompts
   * and completions too). `transforms` rename, hide or restrict what the part serves, and fix or
   * default tools' arguments (see {@link PartTransforms}). What `part` serves when mounted is what
   * is served: later changes to a mounted server do not follow.
   *
   * @typemcpServes
   * @example
   * ```ts
   * const gateway = createServer([], { name: "gateway", version: "1.0.0" });
   * gateway.mount("weather", new WeatherTools()); // weather_get_forecast, weather://weather/…
   * gateway.mount("calc", calcServer);
   * gateway.mount("everything", await connectServer({ kind: "stdio", command: "mcp-server-everything", args: ["stdio"], inheritEnv: true }, { ...options, proxy: true }), {
   *   tools: { echo: { hidden: true }, "get-sum": { name: "sum", arguments: { b: { default: 1 } } } },
   * });
   * ```
   */
  mount(prefix: string, part: object | TypemcpServer | RemoteServer, transforms?: PartTransforms): void;
  /** Tells clients subscribed to `uri` that the resource changed (`notifications/resources/updated`). */
  resourceUpdated(uri: string): void;
}

// Symbol-keyed so that it stays off the public type yet survives `{ ...server, url }`.
const APP = Symbol("typemcp.serverApp");
type WithApp = TypemcpServer & { readonly [APP]: ServerApp };

/**
 * Builds a server from every `@tool`, `@resource` and `@prompt` method of `instances`.
 * Throws a `BuildError` (NOT_BUILT) when a method carries no definition from `typemcp build`.
 *
 * @typemcpServes
 * @example
 * ```ts
 * const server = createServer(new Calculator(), { name: "calc", version: "1.0.0" });
 * const client = await connect(server); // from "typemcp/testing"
 * ```
 */
export function createServer(instances: object | readonly object[], options: ServerOptions): TypemcpServer {
  const { limits, listTtlMs, taskLimits, use, skills, ...info } = options;
  const app = new ServerApp(info, limits);
  if (skills !== undefined) app.inlineSkills = [...skills];
  if (use !== undefined) app.use(use);
  if (taskLimits !== undefined) app.useTaskLimits(taskLimits);
  if (listTtlMs !== undefined) setListTtl(app, listTtlMs);
  for (const instance of Array.isArray(instances) ? instances : [instances]) app.add(instance);
  const tools = Object.defineProperty(liveList(app.tools), "names", {
    enumerable: true,
    get: () => app.tools.list().map((t) => t.name),
  }) as TypemcpServer["tools"];
  const server: WithApp = {
    [APP]: app,
    info,
    tools,
    resources: liveList(app.resources),
    prompts: liveList(app.prompts),
    add: (instance) => app.add(instance),
    mount: (prefix, part, transforms) => mountPart(app, prefix, part, (part as Partial<WithApp>)[APP], transforms),
    resourceUpdated: (uri) => app.resourceUpdated(uri),
  };
  return server;
}

// The app behind a server from createServer(); `caller` names the function refusing anything else.
function appOf(server: TypemcpServer, caller: string): ServerApp {
  const app = (server as Partial<WithApp>)[APP];
  if (!app) throw new TypeError(`${caller}() takes a server made by createServer().`);
  return app;
}

/** Whether `value` came from `createServer`. */
export function isTypemcpServer(value: unknown): value is TypemcpServer {
  return typeof value === "object" && value !== null && APP in value;
}

/**
 * A protocol endpoint for one new session of `server` (one stdio connection, one HTTP session
 * or request, one in-memory test client). For transports and `typemcp/testing`, not authors.
 */
export function openSession(server: TypemcpServer, options: { stateless?: boolean; era?: Era } = {}): ProtocolServer {
  const app = appOf(server, "openSession");
  return app.newSession(options);
}

/**
 * Waits until `server`'s skills are described (its code-given ones checked and hashed); throws a
 * BuildError (INVALID_SKILL) naming what is wrong with one. For `serve()` and `typemcp/testing`.
 */
export async function skillsReady(server: TypemcpServer): Promise<void> {
  const app = appOf(server, "skillsReady");
  if (app.hasSkills()) await app.skills();
}

/** Calls `listener` on every change `server` makes at run time; returns a function that stops it (for transports). */
export function onServerChange(server: TypemcpServer, listener: (change: ServerChange) => void): () => void {
  const app = appOf(server, "onServerChange");
  return app.onChange(listener);
}

/** Tells `server`'s 2025-era sessions in this process (or only session `only`) of a change another instance made (for `serve()` with a shared bus). */
export function tellSessions2025(server: TypemcpServer, change: ServerChange, only?: string): void {
  const app = appOf(server, "tellSessions2025");
  app.tellSessions2025(change, only);
}

/**
 * Keeps the tasks of `server` (tools with `@tool({ task })`) in `store` instead of this process's
 * memory, so that every instance sharing it answers for every task (for `serve()` with `--redis`).
 */
export function useTaskStore(server: TypemcpServer, store: TaskStore): void {
  const app = appOf(server, "useTaskStore");
  app.useTaskStore(store);
}

/** Sends the runs of `server`'s tasks to `place` instead of running them in the request's isolate (Workers with Durable Objects). */
export function useTaskPlace(server: TypemcpServer, place: TaskPlace): void {
  const app = appOf(server, "useTaskPlace");
  if (app.tasks) app.tasks.place = place;
}

/** Runs one run of a task of `server` here, to its end: what a task's place does with the order it was sent. */
export function runTaskHere(server: TypemcpServer, order: TaskRunOrder): Promise<void> {
  const runner = appOf(server, "runTaskHere").tasks;
  if (!runner) return Promise.reject(new Error(`typemcp: this server has no task tools to run task "${order.taskId}" with.`));
  return runner.runHere(order);
}

/** Sets bounds on `server`'s tasks over those it was created with (for `serve()`'s `--max-task…` flags). */
export function useTaskLimits(server: TypemcpServer, limits: TaskLimits): void {
  const app = appOf(server, "useTaskLimits");
  app.useTaskLimits(limits);
}

/**
 * Records the use of each 2026-07-28 `requestState` of `server` in `store` instead of this
 * process's memory, so that a state used on one instance is refused on every other (for
 * `serve()` with `--redis`).
 */
export function useUsedStates(server: TypemcpServer, store: UsedStates): void {
  const app = appOf(server, "useUsedStates");
  app.usedStates = store;
}

/** Sets how long 2026-07-28 clients may cache `server`'s lists, in ms (for `serve()`'s `--list-ttl`). */
export function useListTtl(server: TypemcpServer, ms: number): void {
  const app = appOf(server, "useListTtl");
  setListTtl(app, ms);
}

function setListTtl(app: ServerApp, ms: number): void {
  if (!Number.isInteger(ms) || ms < 0) throw new TypeError(`listTtlMs must be a whole number of milliseconds, 0 or more, not ${ms}.`);
  app.listTtlMs = ms;
}

/**
 * The scopes a request to `server` needs that `auth` lacks, and what needs them (for the HTTP
 * transport's 403): a component's own, or for a request that reaches a task, its tool's (read
 * from the task store, hence a promise for those requests only).
 */
export function scopeShortfallOf(server: TypemcpServer, message: unknown, auth: AuthInfo): ScopeShortfall | undefined | Promise<ScopeShortfall | undefined> {
  const app = (server as Partial<WithApp>)[APP];
  return app && (taskScopeShortfall(app, message, auth) ?? scopeShortfall(app, message, auth));
}

/** Every scope `server`'s components declare (for the RFC 9728 metadata's `scopes_supported`). */
export function scopesSupportedBy(server: TypemcpServer): string[] {
  const app = (server as Partial<WithApp>)[APP];
  return app ? scopesSupported(app) : [];
}

/** How tool `name` of `server` turns its method's return value into a result (for `typemcp/testing`). */
export function resultPlanOf(server: TypemcpServer, name: string): ResultPlan | undefined {
  return (server as Partial<WithApp>)[APP]?.tools.get(name)?.generated.result;
}

function liveList(registry: LiveList): LiveList {
  return {
    disable: (key) => registry.disable(key),
    enable: (key) => registry.enable(key),
    remove: (key) => registry.remove(key),
    keys: () => registry.keys(),
  };
}
