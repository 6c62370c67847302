import type { ServerInfo } from "./sdk/sdk.js";
import { ServerApp } from "./server-app.js";
import { appOf, hasHandle, setListTtl, withHandle } from "./server-handle.js";
import type { InputLimits } from "./validation/string-limits.js";
import type { TaskLimits } from "./tasks/task-limits.js";
import type { Middleware } from "./middleware/middleware.js";
import type { RemoteServer } from "./mount/proxied-tool.js";
import { mountPart } from "./mount/mount-part.js";
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
  const server: TypemcpServer = {
    info,
    tools,
    resources: liveList(app.resources),
    prompts: liveList(app.prompts),
    add: (instance) => app.add(instance),
    mount: (prefix, part, transforms) => mountPart(app, prefix, part, appOf(part), transforms),
    resourceUpdated: (uri) => app.resourceUpdated(uri),
  };
  return withHandle(server, app);
}

/** Whether `value` came from `createServer`. */
export function isTypemcpServer(value: unknown): value is TypemcpServer {
  return hasHandle(value);
}

function liveList(registry: LiveList): LiveList {
  return {
    disable: (key) => registry.disable(key),
    enable: (key) => registry.enable(key),
    remove: (key) => registry.remove(key),
    keys: () => registry.keys(),
  };
}
