import {
  isTerminal,
  taskListOffset,
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
import { answerEntry, awaitInputOn, finishEntry, moveTo, newTaskState, recordOf } from "../../runtime/tasks/task-entry.js";
import { answer } from "./durable-protocol.js";
import type { DurableObjectStorage } from "./durable-object-types.js";
import { holdOrRefusal, perOwner, quotaFull, type HoldTask } from "./durable-task-tally.js";
import { DurableTaskWatchers } from "./durable-task-watchers.js";

/**
 * One task as the object keeps it: in memory, and the same under `task:<id>` in its storage; the
 * owner null for a task with none (JSON keeps no undefined).
 */
type Entry = KeptTask<string | null>;

const PREFIX = "task:";

/** A shard's alarm sweeps its expired tasks at most this often (ms), so an owner gone for good leaves nothing behind. */
const SWEEP_MS = 60_000;

/**
 * One task shard's side of `DurableTaskStore` (the object `tasks:owner:<digest>` of one owner, or
 * `tasks:free:<xx>` of some unowned tasks; see `taskShard`). Every task of an owner is here, so
 * its per-owner caps (`maxTasksPerOwner`, `maxTaskBytesPerOwner`) are checked where all of them
 * are counted, and counted before anything is awaited: two creations by one owner cannot both
 * pass a check that only one fits, even while each waits on the tally. The server-wide caps are
 * the tally's (`DurableTaskTally`): a task is held there before it is kept here, and given back
 * after it finished here. Each task is kept in memory and written through to the object's
 * storage before the answer leaves (the output gate), so a restarted or moved object loads every
 * unfinished task back. Expired tasks are dropped as they are touched, swept on each creation and
 * listing, and by an alarm once an owner stops calling. A `tasks/result` waiter holds a `watch`
 * open here, told as its task finishes, is cancelled or is dropped (see `DurableTaskWatchers`).
 */
export class DurableTaskRecords {
  private tasks: Map<string, Entry> | undefined;
  private readonly usage = new TaskUsage();
  private readonly watchers = new DurableTaskWatchers();
  private alarmAt: number | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly tally: HoldTask,
  ) {}

  /** Answers one operation of `DurableTaskStore`. */
  async handle(operation: string, args: Record<string, unknown>): Promise<Response> {
    await this.load();
    const owner = (args.owner as string | null | undefined) ?? null;
    const taskId = args.taskId as string;
    switch (operation) {
      case "create":
        return this.create(args.task as NewTask, args.taskId as string);
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
      case "watch": {
        const entry = this.entry(taskId, owner);
        return this.watchers.watch(taskId, !entry || isTerminal(entry.state.status));
      }
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

  private async create(task: NewTask, taskId: string): Promise<Response> {
    await this.sweep();
    const owner = task.owner ?? null;
    const bytes = TASK_RECORD_BYTES + jsonBytes(task.request);
    const expiresAt = Date.now() + task.ttlMs;
    const full = task.quota && this.usage.check(perOwner(task.quota), owner ?? undefined, { running: 1, bytes });
    // Where both are full, the server-wide cap is the one named, as every store names it.
    if (full) return (await holdOrRefusal(this.tally, { taskId, expiresAt, running: 1, bytes, quota: task.quota!, dryRun: true })) ?? quotaFull(full);
    // Counted before the tally is asked: a creation by the same owner meanwhile sees this one.
    this.usage.add(owner ?? undefined, 1, bytes);
    const refused = await holdOrRefusal(this.tally, { taskId, expiresAt, running: 1, bytes, ...(task.quota ? { quota: task.quota } : {}) });
    if (refused) {
      this.usage.add(owner ?? undefined, -1, -bytes);
      return refused;
    }
    const state = newTaskState(taskId, task);
    const entry: Entry = { state, owner, expiresAt, answers: {}, bytes, ...(task.request ? { request: task.request } : {}) };
    await this.save(entry);
    await this.sweepBy(expiresAt);
    return answer(state);
  }

  private async update(taskId: string, change: { status: TaskStatus; statusMessage?: string }, owner: string | null): Promise<TaskState | undefined> {
    const entry = this.entry(taskId, owner);
    if (!entry || isTerminal(entry.state.status)) return undefined;
    if (isTerminal(change.status)) this.usage.add(entry.owner ?? undefined, -1, 0);
    moveTo(entry, change);
    await this.save(entry);
    if (isTerminal(change.status)) this.watchers.tell(taskId);
    // A cancelled task no longer runs: its place is given back server-wide too.
    if (isTerminal(change.status)) await holdOrRefusal(this.tally, { taskId, expiresAt: entry.expiresAt, running: 0, bytes: entry.bytes });
    return entry.state;
  }

  private async finish(taskId: string, outcome: TaskOutcome, owner: string | null, quota: TaskQuota | undefined): Promise<Response> {
    const entry = this.entry(taskId, owner);
    if (!entry || isTerminal(entry.state.status)) return answer(false);
    const bytes = jsonBytes(outcome);
    const full = quota && this.usage.check(perOwner(quota), owner ?? undefined, { running: 0, bytes });
    if (full) return quotaFull(full);
    this.usage.add(entry.owner ?? undefined, -1, bytes);
    const refused = await holdOrRefusal(this.tally, {
      taskId,
      expiresAt: entry.expiresAt,
      running: 0,
      bytes: entry.bytes + bytes,
      ...(quota ? { quota } : {}),
    });
    // While the tally answered, the task may have been cancelled or dropped, which gave its place back already.
    const gone = this.tasks!.get(taskId) !== entry || isTerminal(entry.state.status);
    if (refused || gone) {
      this.usage.add(entry.owner ?? undefined, 1, -bytes);
      return refused ?? answer(false);
    }
    finishEntry(entry, outcome, bytes);
    await this.save(entry);
    this.watchers.tell(taskId);
    return answer(true);
  }

  private read(taskId: string, owner: string | null): TaskRecord | undefined {
    const entry = this.entry(taskId, owner);
    return entry && recordOf(entry);
  }

  private async awaitInput(taskId: string, requests: Record<string, TaskInputRequest>, owner: string | null): Promise<boolean> {
    const entry = this.entry(taskId, owner);
    if (!entry || !awaitInputOn(entry, requests)) return false;
    await this.save(entry);
    return true;
  }

  private async answer(taskId: string, responses: Record<string, unknown>, owner: string | null): Promise<{ resume: boolean; record: TaskRecord } | undefined> {
    const entry = this.entry(taskId, owner);
    if (!entry) return undefined;
    const { resume, answered } = answerEntry(entry, responses, (value) => value);
    if (answered) await this.save(entry);
    return { resume, record: this.read(taskId, owner)! };
  }

  private async list(options: { owner?: string; cursor?: string; limit?: number }): Promise<{ tasks: TaskState[]; nextCursor?: string }> {
    await this.sweep();
    if (options.owner === undefined || options.owner === null) return { tasks: [] };
    const mine = [...this.tasks!.values()].filter((e) => e.owner === options.owner).map((e) => e.state);
    const start = taskListOffset(options.cursor);
    const limit = options.limit ?? 100;
    const tasks = mine.slice(start, start + limit);
    return start + limit < mine.length ? { tasks, nextCursor: String(start + limit) } : { tasks };
  }

  /** The shard's alarm: expired tasks go; an object left with none keeps nothing at all. */
  async alarm(): Promise<void> {
    await this.load();
    this.alarmAt = undefined;
    await this.sweep();
    const next = Math.min(...[...this.tasks!.values()].map((entry) => entry.expiresAt));
    if (Number.isFinite(next)) await this.sweepBy(next);
    else await this.storage.deleteAll();
  }

  // Arms the alarm for a task expiring at `expiresAt`, unless one comes first (at most one per SWEEP_MS).
  private async sweepBy(expiresAt: number): Promise<void> {
    if (this.alarmAt !== undefined && this.alarmAt <= expiresAt) return;
    this.alarmAt = Math.max(expiresAt, Date.now() + SWEEP_MS);
    await this.storage.setAlarm(this.alarmAt);
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
    // A waiter of a task gone reads it once more, and is told it is not found.
    this.watchers.tell(entry.state.taskId);
    this.usage.add(entry.owner ?? undefined, isTerminal(entry.state.status) ? 0 : -1, -entry.bytes);
    await this.storage.delete(PREFIX + entry.state.taskId);
  }
}
