import {
  isTerminal,
  newTaskId,
  type KeptTask,
  type NewTask,
  type TaskInputRequest,
  type TaskOutcome,
  type TaskRecord,
  type TaskState,
  type TaskStatus,
} from "../../runtime/tasks/task-store.js";
import { jsonBytes, type TaskQuota } from "../../runtime/tasks/task-limits.js";
import { TASK_RECORD_BYTES, TaskUsage } from "../../runtime/tasks/task-usage.js";
import { answer } from "./durable-protocol.js";
import type { DurableObjectStorage } from "./durable-object-types.js";

/**
 * One task as the object keeps it: in memory, and the same under `task:<id>` in its storage; the
 * owner null for a task with none (JSON keeps no undefined).
 */
type Entry = KeptTask<string | null>;

const PREFIX = "task:";

/**
 * The `tasks` Durable Object's side of `DurableTaskStore`: every task of the server in one object,
 * so that the server-wide caps (`maxTasks`, `maxTaskBytes`) are checked where every task is
 * counted, and a check and the creation it allows cannot interleave with another request's (the
 * object handles one request at a time). Each task is kept in memory and written through to the
 * object's storage before the answer leaves (the output gate), so a restarted or moved object
 * loads every unfinished task back. Expired tasks are dropped as they are touched and swept on
 * each creation and listing, from memory and storage alike.
 */
export class DurableTaskRecords {
  private tasks: Map<string, Entry> | undefined;
  private readonly usage = new TaskUsage();

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Answers one operation of `DurableTaskStore`. */
  async handle(operation: string, args: Record<string, unknown>): Promise<Response> {
    await this.load();
    const owner = (args.owner as string | null | undefined) ?? null;
    const taskId = args.taskId as string;
    switch (operation) {
      case "create":
        return this.create(args.task as NewTask);
      case "get":
        return answer(this.entry(taskId, owner)?.state);
      case "update":
        return answer(await this.update(taskId, args.change as { status: TaskStatus; statusMessage?: string }, owner));
      case "finish":
        return this.finish(taskId, args.outcome as TaskOutcome, owner, args.quota as TaskQuota | undefined);
      case "outcome":
        return answer(this.entry(taskId, owner)?.outcome);
      case "read":
        return answer(this.read(taskId, owner));
      case "awaitInput":
        return answer(await this.awaitInput(taskId, args.requests as Record<string, TaskInputRequest>, owner));
      case "answer":
        return answer(await this.answer(taskId, args.responses as Record<string, unknown>, owner));
      case "list":
        return answer(await this.list(args as { owner?: string; cursor?: string; limit?: number }));
      default:
        return new Response(JSON.stringify({ error: `unknown task operation ${operation}` }), { status: 400 });
    }
  }

  private async load(): Promise<void> {
    if (this.tasks) return;
    const stored = await this.storage.list<Entry>({ prefix: PREFIX });
    this.tasks = new Map();
    for (const entry of stored.values()) {
      this.tasks.set(entry.state.taskId, entry);
      this.usage.add(entry.owner ?? undefined, isTerminal(entry.state.status) ? 0 : 1, entry.bytes);
    }
  }

  private async create(task: NewTask): Promise<Response> {
    await this.sweep();
    const owner = task.owner ?? null;
    const bytes = TASK_RECORD_BYTES + jsonBytes(task.request);
    const full = task.quota && this.usage.check(task.quota, owner ?? undefined, { running: 1, bytes });
    if (full) return new Response(JSON.stringify({ quotaFull: full }));
    const now = new Date().toISOString();
    const expiresAt = Date.now() + task.ttlMs;
    const state: TaskState = {
      taskId: newTaskId(expiresAt),
      status: "working",
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: task.ttlMs,
      ...(task.pollIntervalMs === undefined ? {} : { pollIntervalMs: task.pollIntervalMs }),
    };
    const entry: Entry = { state, owner, expiresAt, answers: {}, bytes, ...(task.request ? { request: task.request } : {}) };
    this.usage.add(owner ?? undefined, 1, bytes);
    await this.save(entry);
    return answer(state);
  }

  private async update(taskId: string, change: { status: TaskStatus; statusMessage?: string }, owner: string | null): Promise<TaskState | undefined> {
    const entry = this.entry(taskId, owner);
    if (!entry || isTerminal(entry.state.status)) return undefined;
    if (isTerminal(change.status)) this.usage.add(entry.owner ?? undefined, -1, 0);
    if (change.status !== "input_required") delete entry.inputRequests;
    entry.state = {
      ...withoutMessage(entry.state),
      status: change.status,
      lastUpdatedAt: new Date().toISOString(),
      ...(change.statusMessage === undefined ? {} : { statusMessage: change.statusMessage }),
    };
    await this.save(entry);
    return entry.state;
  }

  private async finish(taskId: string, outcome: TaskOutcome, owner: string | null, quota: TaskQuota | undefined): Promise<Response> {
    const entry = this.entry(taskId, owner);
    if (!entry || isTerminal(entry.state.status)) return answer(false);
    const bytes = jsonBytes(outcome);
    const full = quota && this.usage.check(quota, owner ?? undefined, { running: 0, bytes });
    if (full) return new Response(JSON.stringify({ quotaFull: full }));
    this.usage.add(entry.owner ?? undefined, -1, bytes);
    entry.bytes += bytes;
    entry.state = { ...withoutMessage(entry.state), status: "result" in outcome ? "completed" : "failed", lastUpdatedAt: new Date().toISOString() };
    entry.outcome = outcome;
    delete entry.inputRequests;
    await this.save(entry);
    return answer(true);
  }

  private read(taskId: string, owner: string | null): TaskRecord | undefined {
    const entry = this.entry(taskId, owner);
    if (!entry) return undefined;
    return {
      state: entry.state,
      answers: entry.answers,
      ...(entry.outcome ? { outcome: entry.outcome } : {}),
      ...(entry.inputRequests ? { inputRequests: entry.inputRequests } : {}),
      ...(entry.request ? { request: entry.request } : {}),
    };
  }

  private async awaitInput(taskId: string, requests: Record<string, TaskInputRequest>, owner: string | null): Promise<boolean> {
    const entry = this.entry(taskId, owner);
    if (!entry || isTerminal(entry.state.status)) return false;
    entry.state = { ...withoutMessage(entry.state), status: "input_required", lastUpdatedAt: new Date().toISOString() };
    entry.inputRequests = requests;
    await this.save(entry);
    return true;
  }

  private async answer(taskId: string, responses: Record<string, unknown>, owner: string | null): Promise<{ resume: boolean; record: TaskRecord } | undefined> {
    const entry = this.entry(taskId, owner);
    if (!entry) return undefined;
    let resume = false;
    if (entry.state.status === "input_required" && entry.inputRequests) {
      const open = entry.inputRequests;
      const answered = Object.keys(responses).filter((key) => key in open);
      for (const key of answered) {
        entry.answers[key] = responses[key];
        delete open[key];
      }
      if (answered.length && Object.keys(open).length === 0) {
        delete entry.inputRequests;
        entry.state = { ...withoutMessage(entry.state), status: "working", lastUpdatedAt: new Date().toISOString() };
        resume = true;
      }
      if (answered.length) await this.save(entry);
    }
    return { resume, record: this.read(taskId, owner)! };
  }

  private async list(options: { owner?: string; cursor?: string; limit?: number }): Promise<{ tasks: TaskState[]; nextCursor?: string }> {
    await this.sweep();
    if (options.owner === undefined || options.owner === null) return { tasks: [] };
    const mine = [...this.tasks!.values()].filter((e) => e.owner === options.owner).map((e) => e.state);
    const start = options.cursor === undefined ? 0 : Number(options.cursor) || 0;
    const limit = options.limit ?? 100;
    const tasks = mine.slice(start, start + limit);
    return start + limit < mine.length ? { tasks, nextCursor: String(start + limit) } : { tasks };
  }

  private entry(taskId: string, owner: string | null): Entry | undefined {
    const entry = this.tasks!.get(taskId);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      void this.drop(entry);
      return undefined;
    }
    return entry.owner === owner ? entry : undefined;
  }

  private async save(entry: Entry): Promise<void> {
    this.tasks!.set(entry.state.taskId, entry);
    await this.storage.put(PREFIX + entry.state.taskId, entry);
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    const expired = [...this.tasks!.values()].filter((entry) => entry.expiresAt <= now);
    for (const entry of expired) await this.drop(entry);
  }

  private async drop(entry: Entry): Promise<void> {
    if (!this.tasks!.delete(entry.state.taskId)) return;
    this.usage.add(entry.owner ?? undefined, isTerminal(entry.state.status) ? 0 : -1, -entry.bytes);
    await this.storage.delete(PREFIX + entry.state.taskId);
  }
}

function withoutMessage(state: TaskState): TaskState {
  const { statusMessage: _dropped, ...rest } = state;
  return rest;
}
