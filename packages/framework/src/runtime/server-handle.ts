import type { ResultPlan } from "../definitions/tool-definition.js";
import type { Era, ProtocolServer } from "./sdk/sdk.js";
import type { ServerApp, ServerChange } from "./server-app.js";
import type { EarlySession } from "./early/early-session.js";
import type { AuthInfo } from "./identity/auth-info.js";
import { scopeShortfall, scopesSupported, taskScopeShortfall, type ScopeShortfall } from "./identity/scope-shortfall.js";
import type { TaskStore } from "./tasks/task-store.js";
import type { TaskLimits } from "./tasks/task-limits.js";
import type { TaskPlace, TaskRunOrder } from "./tasks/task-runner.js";
import type { UsedStates } from "./rounds/used-states.js";

/**
 * What the framework's own modules reach of a server from `createServer()`: the transports,
 * `serve()`, the platform adapters and `typemcp/testing` take it from {@link handleOf}; an
 * author never sees it (it is not on the public `TypemcpServer` type). One handle, so that what
 * the rest of the framework may do to a server is read in one place.
 */
export interface ServerHandle {
  /** A protocol endpoint for one new session (one stdio connection, one HTTP session or request, one in-memory test client); `connectionId` continues an early session's. */
  openSession(options?: { stateless?: boolean; era?: Era; connectionId?: string }): ProtocolServer;
  /** A stdio connection's endpoint until the MCP SDK is loaded (see early/early-session.ts). */
  earlySession(): EarlySession;
  /** Waits until the skills are described (code-given ones checked and hashed); throws a BuildError (INVALID_SKILL) naming what is wrong with one. */
  skillsReady(): Promise<void>;
  /** Calls `listener` on every change the server makes at run time; returns a function that stops it. */
  onChange(listener: (change: ServerChange) => void): () => void;
  /** Tells the 2025-era sessions in this process (or only session `only`) of a change another instance made (a shared bus). */
  tellSessions2025(change: ServerChange, only?: string): void;
  /** Keeps the tasks in `store` instead of this process's memory, so every instance sharing it answers for every task. */
  useTaskStore(store: TaskStore): void;
  /** Sends the runs of tasks to `place` instead of running them in the request's isolate (Workers with Durable Objects). */
  useTaskPlace(place: TaskPlace): void;
  /** Runs one run of a task here, to its end: what a task's place does with the order it was sent. */
  runTaskHere(order: TaskRunOrder): Promise<void>;
  /** Sets bounds on tasks over those the server was created with (`serve()`'s `--max-task…` flags). */
  useTaskLimits(limits: TaskLimits): void;
  /** Records the use of each 2026-07-28 `requestState` in `store`, so a state used on one instance is refused on every other. */
  useUsedStates(store: UsedStates): void;
  /** Sets how long 2026-07-28 clients may cache the lists, in ms (`--list-ttl`). */
  useListTtl(ms: number): void;
  /**
   * The scopes a request needs that `auth` lacks, and what needs them (the HTTP 403): a
   * component's own or, for a request that reaches a task, its tool's (read from the task store,
   * hence a promise for those requests only).
   */
  scopeShortfall(message: unknown, auth: AuthInfo): ScopeShortfall | undefined | Promise<ScopeShortfall | undefined>;
  /** Every scope the components declare (RFC 9728 metadata's `scopes_supported`). */
  scopesSupported(): string[];
  /** How tool `name` turns its method's return value into a result (`typemcp/testing`). */
  resultPlan(name: string): ResultPlan | undefined;
}

// Symbol-keyed so that it stays off the public type yet survives `{ ...server, url }`.
const HANDLE = Symbol("typemcp.serverHandle");

/** A server object carrying its handle (what `createServer` returns). */
export type WithHandle<T> = T & { readonly [HANDLE]: ServerHandle };

/** `server` with the handle of `app` attached, as `createServer` returns it. */
export function withHandle<T extends object>(server: T, app: ServerApp): WithHandle<T> {
  return Object.assign(server, { [HANDLE]: handleFor(app) });
}

/** Whether `value` came from `createServer`. */
export function hasHandle(value: unknown): boolean {
  return typeof value === "object" && value !== null && HANDLE in value;
}

/**
 * The handle of a server from `createServer()`; anything else is refused with a TypeError that
 * names `caller`, the function of ours it was handed to.
 */
export function handleOf(server: object, caller: string): ServerHandle {
  const handle = (server as Partial<WithHandle<object>>)[HANDLE];
  if (!handle) throw new TypeError(`${caller}() takes a server made by createServer().`);
  return handle;
}

/** The app behind a handle, for `mount()` of one server on another. */
export function appOf(server: object): ServerApp | undefined {
  return APPS.get((server as Partial<WithHandle<object>>)[HANDLE] as ServerHandle);
}

const APPS = new WeakMap<ServerHandle, ServerApp>();

/** Sets how long 2026-07-28 clients may cache `app`'s lists, refusing what is not a whole number of ms. */
export function setListTtl(app: ServerApp, ms: number): void {
  if (!Number.isInteger(ms) || ms < 0) throw new TypeError(`listTtlMs must be a whole number of milliseconds, 0 or more, not ${ms}.`);
  app.listTtlMs = ms;
}

function handleFor(app: ServerApp): ServerHandle {
  const handle: ServerHandle = {
    openSession: (options = {}) => app.newSession(options),
    earlySession: () => app.earlySession(),
    skillsReady: async () => {
      if (app.hasSkills()) await app.skills();
    },
    onChange: (listener) => app.onChange(listener),
    tellSessions2025: (change, only) => app.tellSessions2025(change, only),
    useTaskStore: (store) => app.useTaskStore(store),
    useTaskPlace: (place) => {
      if (app.tasks) app.tasks.place = place;
    },
    runTaskHere: (order) => {
      const runner = app.tasks;
      if (!runner) return Promise.reject(new Error(`typemcp: this server has no task tools to run task "${order.taskId}" with.`));
      return runner.runHere(order);
    },
    useTaskLimits: (limits) => app.useTaskLimits(limits),
    useUsedStates: (store) => {
      app.usedStates = store;
    },
    useListTtl: (ms) => setListTtl(app, ms),
    scopeShortfall: (message, auth) => taskScopeShortfall(app, message, auth) ?? scopeShortfall(app, message, auth),
    scopesSupported: () => scopesSupported(app),
    resultPlan: (name) => app.tools.get(name)?.generated.result,
  };
  APPS.set(handle, app);
  return handle;
}
