import { UI_EXTENSION, type Era, type ProtocolServer, type ServerInfo, type WireTool } from "./sdk/protocol-types.js";
import { loadedSdk } from "./loaded-sdk.js";
import { EarlySession } from "./early/early-session.js";
import { InMemoryUsedStates, type UsedStates } from "./rounds/used-states.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { collectComponents } from "./components/collect-components.js";
import { assertNoCollisions } from "./assert-no-collisions.js";
import { ComponentRegistry } from "./components/component-registry.js";
import { registerHandlers, sessionOf, type Session } from "./protocol-handlers.js";
import { RegisteredPrompt, type WirePrompt } from "./components/registered-prompt.js";
import { RegisteredResource, type WireResource } from "./components/registered-resource.js";
import { RegisteredTool } from "./components/registered-tool.js";
import { DEFAULT_MAX_STRING_LENGTH, type InputLimits } from "./validation/string-limits.js";
import { InMemoryTaskStore } from "./tasks/in-memory-task-store.js";
import { hasView } from "./components/tool-views.js";
import { serverCapabilities, type Offers } from "./server-capabilities.js";
import { TaskRunner } from "./tasks/task-runner.js";
import type { TaskStore } from "./tasks/task-store.js";
import { resolveTaskLimits, type TaskLimits } from "./tasks/task-limits.js";
import type { Context } from "./context.js";
import { assertMiddleware, type Middleware } from "./middleware/middleware.js";
import { classMiddleware, methodMiddleware } from "../decorators/middleware-records.js";
import { servedAs } from "./mount/prefix.js";
import type { RemoteServer } from "./mount/proxied-tool.js";
import type { PartTransforms } from "./mount/part-transforms.js";
import type { InlineSkill } from "./skills/inline-skills.js";
import { hasSkills, loadSkills } from "./skills/load-skills.js";
import type { ServedSkills } from "./skills/served-skills.js";

/** One thing a server serves: an instance's decorated methods or a remote server's tools, under a prefix or none, with the middleware it brought. */
export type ServedPart =
  | { readonly kind: "instance"; readonly instance: object; readonly prefix: string | undefined; readonly middleware: readonly Middleware[] }
  | { readonly kind: "remote"; readonly remote: RemoteServer; readonly prefix: string; readonly middleware: readonly Middleware[] };

/** A change clients may hear of: a list changed, or one resource did. */
export type ServerChange = { kind: "tools" | "resources" | "prompts" } | { kind: "resource"; uri: string };

/**
 * How long a 2026-07-28 client may cache a list (`ttlMs`) by default while the author has not
 * changed it at run time: what a class serves is fixed at build time, so a list only changes when
 * the code calls `disable`/`enable`/`remove`/`add`, or when a new version is deployed. After the
 * first change at run time the hint is no longer sent.
 */
export const STATIC_LIST_TTL_MS = 3_600_000;

/**
 * Everything one server offers, shared by all its sessions: the registries of tools,
 * resources and prompts, and the sessions to tell when they change.
 */
export class ServerApp {
  readonly tools = new ComponentRegistry<WireTool, RegisteredTool>();
  readonly resources = new ComponentRegistry<WireResource, RegisteredResource>();
  readonly prompts = new ComponentRegistry<WirePrompt, RegisteredPrompt>();
  private readonly sessions = new Set<Session>();
  /** Who hears of changes besides the sessions (the 2026 HTTP endpoint's subscription streams). */
  private readonly changeListeners = new Set<(change: ServerChange) => void>();
  /** Lists changed at run time, after serving began: their cache hint is gone. */
  private readonly changed = new Set<"tools" | "resources" | "prompts">();
  private serving = false;
  /** Which class method serves each tool name, resource URI and prompt name, for collision errors. */
  private readonly origins = new Map<string, string>();

  /** Longest string a request may carry where no schema says otherwise. */
  readonly maxStringLength: number;
  /** The `ttlMs` a 2026-07-28 list carries while unchanged; 0 sends no cache hint. */
  listTtlMs = STATIC_LIST_TTL_MS;
  /** Server-wide middleware, outermost first (`createServer`'s `use`). */
  middleware: readonly Middleware[] = [];
  /** Everything added, in order: what mounting this server into another adds there. */
  readonly parts: ServedPart[] = [];
  /** The transforms of each `mount()`, in order, with the prefix they apply under: made again when this server is mounted into another. */
  readonly transformLayers: { readonly prefix: string; readonly transforms: PartTransforms }[] = [];
  /** The server-wide middleware that wraps every request; empty for most servers, which then pay nothing. */
  requestMiddleware: readonly Middleware[] = [];
  /** Runs the tools that run as tasks; made once the first such tool is added. */
  tasks: TaskRunner | undefined;
  /** Where tasks are kept: in this process's memory unless a shared store was given. */
  private taskStore: TaskStore | undefined;
  /** The bounds on tasks, every one filled in (defaults unless told). */
  private taskLimits = resolveTaskLimits();
  /** Skills given in code (`skills`); the build's are found when they are first needed. */
  inlineSkills: readonly InlineSkill[] = [];
  private servedSkills: Promise<ServedSkills | undefined> | undefined;

  constructor(
    readonly info: ServerInfo,
    limits: InputLimits = {},
  ) {
    this.maxStringLength = limits.maxStringLength ?? DEFAULT_MAX_STRING_LENGTH;
    this.tools.onChange = () => this.listChanged("tools");
    this.resources.onChange = () => this.listChanged("resources");
    this.prompts.onChange = () => this.listChanged("prompts");
  }

  /**
   * Adds every decorated method of `instance`, its names (and resource URIs) under `prefix` when
   * given, its tools inside `middleware` (a mounted server's own). A tool or prompt name, or a
   * resource URI, that is already served (or used twice by `instance`) is an error naming both
   * methods; nothing of `instance` is added then.
   */
  add(instance: object, part: { prefix?: string; middleware?: readonly Middleware[] } = {}): void {
    const { prefix, middleware = [] } = part;
    const found = collectComponents(instance);
    assertNoCollisions(this, this.origins, instance, found, prefix);
    const around = [...this.middleware, ...middleware, ...(classMiddleware(instance) as readonly Middleware[])];
    for (const { record, method } of found) {
      const name = servedAs(record, prefix);
      if (record.kind === "tool") {
        const tool = new RegisteredTool(name, method, instance, record.generated!, record.options, this.maxStringLength);
        tool.middleware = [...around, ...(methodMiddleware(method) as readonly Middleware[])].filter((m) => m.onToolCall);
        this.tools.add(tool);
      } else if (record.kind === "resource") this.resources.add(new RegisteredResource(name, method, instance, record.generated!, record.options));
      else this.prompts.add(new RegisteredPrompt(name, method, instance, record.generated!, record.options));
    }
    this.parts.push({ kind: "instance", instance, prefix, middleware });
    this.runTasksIfAny();
  }

  /** Makes the task runner once a tool that runs as a task is served (one of a class, or a remote server's). */
  runTasksIfAny(): void {
    if (this.tasks || !this.tools.values().some((t) => t.generated.task)) return;
    this.tasks = new TaskRunner(this.taskStore ?? new InMemoryTaskStore(), {
      tool: (name) => this.tools.get(name),
      readResource: (uri, ctx) => this.readResource(uri, ctx),
    });
    this.tasks.limits = this.taskLimits;
  }

  /** Wraps every request, and every tool added from now on, in `middleware` (before the first `add`). */
  use(middleware: readonly Middleware[]): void {
    assertMiddleware(middleware, "use");
    this.middleware = [...middleware];
    this.requestMiddleware = middleware.filter((m) => m.onRequest);
  }

  /** Where each 2026-07-28 requestState is recorded as used (shared by every instance with `--redis`). */
  usedStates: UsedStates = new InMemoryUsedStates();

  /** Keeps tasks in `store` (shared by every instance, e.g. on Redis) instead of this process's memory. */
  useTaskStore(store: TaskStore): void {
    this.taskStore = store;
    if (this.tasks) this.tasks.store = store;
  }

  /** Sets the given bounds on tasks, keeping the others as they were; see `TaskLimits`. */
  useTaskLimits(limits: TaskLimits): void {
    for (const [name, value] of Object.entries(limits)) {
      if (value !== undefined && (!Number.isInteger(value) || value < 1))
        throw new TypeError(`taskLimits.${name} must be a whole number of at least 1, not ${value}.`);
    }
    this.taskLimits = resolveTaskLimits({ ...this.taskLimits, ...limits });
    if (this.tasks) this.tasks.limits = this.taskLimits;
  }

  /** Reads one of this server's resources on behalf of a task (which runs outside any session). */
  private readResource(uri: string, ctx: Context) {
    const exact = this.resources.get(uri);
    if (exact && !exact.template) return exact.read(uri, {}, ctx);
    for (const resource of this.resources.values()) {
      const variables = resource.template?.match(uri);
      if (variables) return resource.read(uri, variables, ctx);
    }
    return Promise.reject(new ProtocolError("RESOURCE_NOT_FOUND", `Resource not found: "${uri.slice(0, 200)}".`));
  }

  /** A protocol server for one new session (one stdio connection, one HTTP session or request) of `era`; `connectionId` continues an early session's. */
  newSession(options: { stateless?: boolean; era?: Era; connectionId?: string } = {}): ProtocolServer {
    const { era = "2025-11-25", stateless = false, connectionId } = options;
    const { capabilities, offers } = this.termsOf(stateless, era);
    // Its handlers are registered when a request first needs them (see `createProtocolServer`).
    const handlers = () => registerHandlers(this, capabilities, session);
    const protocol = loadedSdk().createProtocolServer(this.info, capabilities, era, {
      usedStates: this.usedStates,
      handlers,
      ...(offers ? { offers } : {}),
      connectionId,
    });
    const session = this.track(protocol, stateless);
    return protocol;
  }

  /** A stdio connection's endpoint until the MCP SDK is loaded (early/early-session.ts); `newSession` then continues it. */
  earlySession(): EarlySession {
    const { capabilities, offers = {} } = this.termsOf(false, "2025-11-25");
    const early = new EarlySession({ info: this.info, capabilities, offers, tools: this.tools }, () => registerHandlers(this, capabilities, session));
    const session = this.track(early, false);
    return early;
  }

  // What a new session of `era` declares; views are declared only to a client that takes them (MCP Apps).
  private termsOf(stateless: boolean, era: Era) {
    this.serving = true;
    return { capabilities: serverCapabilities(this.offers(), stateless, era), offers: this.hasViews() ? { [UI_EXTENSION]: {} } : undefined };
  }

  // Kept, for list changes and resource updates, until it closes.
  private track(protocol: ProtocolServer, stateless: boolean): Session {
    const session = sessionOf(this, protocol, stateless);
    this.sessions.add(session);
    protocol.onclose = () => this.sessions.delete(session);
    return session;
  }

  /**
   * The skills this server serves (SEP-2640): its bundle's `skills/` folder, as the build checked
   * and described it, and those given in code, described on first use. Read once the entry's code
   * has run, which is where the build leaves its skills; a code-given skill that breaks the Agent
   * Skills rules rejects it (`serve()` and `connect()` wait for it, so it stops them).
   */
  skills(): Promise<ServedSkills | undefined> {
    return (this.servedSkills ??= loadSkills(this.inlineSkills));
  }

  /** Whether this server serves skills. */
  hasSkills(): boolean {
    return hasSkills(this.inlineSkills);
  }

  /** `ttlMs` and `cacheScope` for skills answers on 2026-07-28 (which requires them): skills are fixed at build time and the same for every caller. */
  skillsCacheHint(era: Era): { ttlMs?: number; cacheScope?: "public" } {
    return era === "2026-07-28" ? { ttlMs: this.listTtlMs, cacheScope: "public" } : {};
  }

  /** Tells each session subscribed to `uri` that it changed. */
  resourceUpdated(uri: string): void {
    for (const session of this.sessions) {
      // A 2026 session hears of it through its subscriptions/listen stream, which the SDK filters by URI.
      if (session.subscriptions?.has(uri) || session.protocol.era === "2026-07-28")
        void session.protocol.notify("notifications/resources/updated", { uri }).catch(() => undefined);
    }
    for (const listener of this.changeListeners) listener({ kind: "resource", uri });
  }

  /**
   * Tells this process's 2025-era sessions (or only the one with id `only`) of a change another
   * instance made (a shared bus carried it); passed on to no listener, so it never travels back onto the bus.
   */
  tellSessions2025(change: ServerChange, only?: string): void {
    for (const session of this.sessions) {
      if (session.protocol.era !== "2025-11-25" || (only !== undefined && session.protocol.sessionId() !== only)) continue;
      if (change.kind !== "resource") void session.protocol.notify(`notifications/${change.kind}/list_changed`).catch(() => undefined);
      else if (session.subscriptions?.has(change.uri))
        void session.protocol.notify("notifications/resources/updated", { uri: change.uri }).catch(() => undefined);
    }
  }

  /** Calls `listener` on every change; returns a function that stops it. */
  onChange(listener: (change: ServerChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * The 2026-07-28 cache fields for a list: cacheable while the author has not changed it; by
   * one client only where the list differs by client, so that no cache hands one caller's list
   * to another.
   */
  cacheHint(kind: "tools" | "resources" | "prompts", era: Era): { ttlMs?: number; cacheScope?: "public" | "private" } {
    if (era !== "2026-07-28" || this.listTtlMs === 0 || this.changed.has(kind)) return {};
    return { ttlMs: this.listTtlMs, cacheScope: this.differsByClient(kind) ? "private" : "public" };
  }

  // A caller's scopes hide what it may not use; views (MCP Apps, which are resources too) are
  // listed only to a client that renders them.
  private differsByClient(kind: "tools" | "resources" | "prompts"): boolean {
    const scoped = (components: readonly { scopes: readonly string[] }[]) => components.some((c) => c.scopes.length > 0);
    if (kind === "prompts") return scoped(this.prompts.values());
    return this.hasViews() || scoped(kind === "tools" ? this.tools.values() : this.resources.values());
  }

  private offers(): Offers {
    const completes = (components: readonly { options: { complete?: unknown }; generated: { completions?: unknown } }[]) =>
      components.some((c) => c.options.complete || c.generated.completions);
    return {
      resources: this.resources.keys().length > 0,
      prompts: this.prompts.keys().length > 0,
      completions: completes(this.resources.values()) || completes(this.prompts.values()),
      tasks: this.tasks !== undefined,
      skills: this.hasSkills(),
      views: this.hasViews(),
    };
  }

  /** Whether any tool has a view (MCP Apps). */
  hasViews(): boolean {
    return this.tools.values().some(hasView);
  }

  private listChanged(kind: "tools" | "resources" | "prompts"): void {
    if (this.serving) this.changed.add(kind);
    const method = `notifications/${kind}/list_changed`;
    for (const session of this.sessions) void session.protocol.notify(method).catch(() => undefined);
    for (const listener of this.changeListeners) listener({ kind });
  }
}
