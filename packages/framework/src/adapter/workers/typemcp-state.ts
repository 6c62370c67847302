import type { FetchHandler } from "../../serve/to-fetch-handler.js";
import type { TaskRunOrder } from "../../runtime/tasks/task-runner.js";
import type { TaskStore } from "../../runtime/tasks/task-store.js";
import type { DurableObjectState } from "./durable-object-types.js";
import { DurableEventHub } from "./durable-event-hub.js";
import { DurableEventLog } from "./durable-event-log.js";
import { DurableSession, SESSION_HEADER } from "./durable-session.js";
import { DurableTaskRecords } from "./durable-task-records.js";
import { DurableTaskRun } from "./durable-task-run.js";
import { DurableTaskTally, tallyOf } from "./durable-task-tally.js";
import { isDurableObjectNamespace } from "./durable-object-types.js";
import { STATE_BINDING } from "./durable-protocol.js";
import { DurableUsedStateRecords } from "./durable-used-states.js";
import { DurableOAuthProxyRecord } from "./durable-oauth-proxy-store.js";

/** How the object builds a session's handler and learns its limits; installed by the Workers entry (adapter/platform-serve.ts). */
export interface SessionHost {
  handler(env: unknown): FetchHandler;
  /** How long an idle session is kept (ms): `sessionIdleMs`. */
  idleMs(env: unknown): number;
  /** How long a stream stays resumable after its last event (ms). */
  streamTtlMs: number;
  /** Runs one run of a task in this object, to its end (see `DurableTaskRun`). */
  runTask(env: unknown, order: TaskRunOrder): Promise<void>;
  /** The deployment's task store, for a run's object to record a cut run in. */
  taskStore(env: unknown): TaskStore;
  /** Lets session `sessionId` hear other isolates' changes until stopped or until the subscription ends (`onend`); gives back what stops it. */
  hearChanges(env: unknown, sessionId: string, onend: () => void): () => void;
}

let host: SessionHost | undefined;

/** Tells the object how to serve sessions; the Workers entry calls it once, at module load. */
export function hostSessions(sessions: SessionHost): void {
  host = sessions;
}

/**
 * typemcp's Durable Object class, exported by every `typemcp build --target workers` bundle and
 * bound as `MCP_STATE` (see "Run anywhere" in the README). One class plays every role; which one
 * an object plays follows from its name, chosen by the Worker (see durable-protocol.ts): one
 * shard of the tasks, the tasks' server-wide tally, one task's run, one stream's events, the change bus, the used `requestState` ids, one
 * OAuth proxy record, or one
 * 2025-11-25 session. An object plays one role for its whole life.
 */
export class TypemcpState {
  private role:
    | DurableTaskRecords
    | DurableTaskTally
    | DurableTaskRun
    | DurableEventLog
    | DurableEventHub
    | DurableUsedStateRecords
    | DurableOAuthProxyRecord
    | undefined;
  private session: DurableSession | undefined;

  constructor(
    private readonly state: DurableObjectState,
    private readonly env: unknown,
  ) {}

  async fetch(request: Request): Promise<Response> {
    const [, role = "", operation = ""] = new URL(request.url).pathname.split("/");
    // Tasks are kept and counted without the server: an object no request of its isolate reached yet answers them.
    if (role === "tasks" || role === "tally") {
      const args = ((await request.json().catch(() => null)) ?? {}) as Record<string, unknown>;
      return role === "tasks"
        ? this.records().handle(operation, args)
        : ((this.role ??= new DurableTaskTally(this.state.storage)) as DurableTaskTally).handle(operation, args);
    }
    if (!host) throw new Error("typemcp: the Workers entry never called serve(): nothing to answer with.");
    if (request.headers.has(SESSION_HEADER)) {
      const sessions = host;
      this.session ??= new DurableSession(this.state.storage, {
        makeHandler: () => sessions.handler(this.env),
        idleMs: sessions.idleMs(this.env),
        hearChanges: (sessionId, onend) => sessions.hearChanges(this.env, sessionId, onend),
      });
      return this.session.handle(request);
    }
    const args = ((await request.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    if (role === "run") return this.run(host).handle(operation, args);
    if (role === "stream") return ((this.role ??= new DurableEventLog(this.state.storage, host.streamTtlMs)) as DurableEventLog).handle(operation, args);
    if (role === "bus") return ((this.role ??= new DurableEventHub()) as DurableEventHub).handle(operation, args);
    if (role === "used") return ((this.role ??= new DurableUsedStateRecords(this.state.storage)) as DurableUsedStateRecords).handle(operation, args);
    if (role === "oauth") return ((this.role ??= new DurableOAuthProxyRecord(this.state.storage)) as DurableOAuthProxyRecord).handle(operation, args);
    return new Response(JSON.stringify({ error: `unknown role ${role}` }), { status: 400 });
  }

  /**
   * The object's time is up (a stream's TTL, a session's idleness): everything it kept goes. A
   * run's object is the exception: its alarm is the run's beat (see `DurableTaskRun`), and is
   * known after a restart by the order it keeps; so is a task shard's, which sweeps its expired
   * tasks (see `DurableTaskRecords`), known by the tasks it keeps.
   */
  async alarm(): Promise<void> {
    if (this.role instanceof DurableTaskRecords || (!this.role && !this.session && (await this.state.storage.list({ prefix: "task:", limit: 1 })).size > 0))
      return this.records().alarm();
    if (host && (this.role instanceof DurableTaskRun || (!this.role && !this.session && (await this.state.storage.get("run")) !== undefined)))
      return this.run(host).alarm();
    if (this.session) await this.session.expire();
    else await this.state.storage.deleteAll();
    this.role = undefined;
  }

  private records(): DurableTaskRecords {
    const namespace = (this.env as Record<string, unknown> | undefined)?.[STATE_BINDING];
    if (!isDurableObjectNamespace(namespace)) throw new Error(`typemcp: a task shard needs the ${STATE_BINDING} binding to reach the task tally.`);
    this.role ??= new DurableTaskRecords(this.state.storage, tallyOf(namespace));
    return this.role as DurableTaskRecords;
  }

  private run(sessions: SessionHost): DurableTaskRun {
    this.role ??= new DurableTaskRun(
      this.state.storage,
      (order) => sessions.runTask(this.env, order),
      () => sessions.taskStore(this.env),
    );
    return this.role as DurableTaskRun;
  }
}
