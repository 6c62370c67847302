import {
  isTerminal,
  newTaskId,
  taskListOffset,
  type KeptTask,
  type NewTask,
  type TaskAnswered,
  type TaskInputRequest,
  type TaskOutcome,
  type TaskRecord,
  type TaskState,
  type TaskStatus,
  type TaskStore,
} from "./task-store.js";
import { jsonBytes, QuotaFull, type TaskQuota } from "./task-limits.js";
import { TASK_RECORD_BYTES, TaskUsage } from "./task-usage.js";
import { answerEntry, awaitInputOn, finishEntry, moveTo, NO_ANSWERS, newTaskState, recordOf } from "./task-entry.js";
import { FinishWatchers } from "./finish-watchers.js";

/**
 * A kept task, its request as JSON: one string rather than a copy of every object and string in
 * it, for as long as the task is kept. JSON is what every store keeps a request as (Redis does
 * too); the runner's own copy is the one the tool may change.
 */
type Entry = Omit<KeptTask, "request"> & { requestJson?: string };

/**
 * A `TaskStore` in this process's memory: the default, for one instance. Expired tasks are
 * dropped as they are touched. Quotas are counted over every task held, so at most `maxTasks`
 * entries (and `maxBytes` of what they keep) are ever live here.
 */
export class InMemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, Entry>();
  private readonly usage = new TaskUsage();
  private readonly finishes = new FinishWatchers();
  /** When the soonest of the kept tasks expires (none sooner than this). */
  private nextExpiry = Number.POSITIVE_INFINITY;

  async create(task: NewTask): Promise<TaskState> {
    this.sweep();
    const requestJson = task.request === undefined ? undefined : JSON.stringify(task.request);
    const bytes = TASK_RECORD_BYTES + (requestJson === undefined ? 0 : Buffer.byteLength(requestJson));
    const full = task.quota && this.usage.check(task.quota, task.owner, { running: 1, bytes });
    if (full) throw new QuotaFull(full);
    this.usage.add(task.owner, 1, bytes);
    const expiresAt = Date.now() + task.ttlMs;
    this.nextExpiry = Math.min(this.nextExpiry, expiresAt);
    const state = newTaskState(newTaskId(expiresAt), task);
    this.tasks.set(state.taskId, {
      state,
      owner: task.owner,
      expiresAt,
      answers: NO_ANSWERS,
      bytes,
      ...(requestJson === undefined ? {} : { requestJson }),
    });
    return { ...state };
  }

  async get(taskId: string, owner?: string): Promise<TaskState | undefined> {
    const entry = this.entry(taskId, owner);
    return entry && { ...entry.state };
  }

  async update(taskId: string, change: { status: TaskStatus; statusMessage?: string }, owner?: string): Promise<TaskState | undefined> {
    const entry = this.entry(taskId, owner);
    if (!entry || isTerminal(entry.state.status)) return undefined;
    if (isTerminal(change.status)) this.usage.add(entry.owner, -1, 0);
    moveTo(entry, change);
    if (isTerminal(change.status)) this.finishes.tell(taskId);
    return { ...entry.state };
  }

  async finish(taskId: string, outcome: TaskOutcome, owner?: string, quota?: TaskQuota): Promise<boolean> {
    const entry = this.entry(taskId, owner);
    if (!entry || isTerminal(entry.state.status)) return false;
    const bytes = jsonBytes(outcome);
    const full = quota && this.usage.check(quota, owner, { running: 0, bytes });
    if (full) throw new QuotaFull(full);
    this.usage.add(entry.owner, -1, bytes);
    finishEntry(entry, outcome, bytes);
    this.finishes.tell(taskId);
    return true;
  }

  async read(taskId: string, owner?: string): Promise<TaskRecord | undefined> {
    const entry = this.entry(taskId, owner);
    if (!entry) return undefined;
    const record = structuredClone(recordOf(entry));
    return entry.requestJson === undefined ? record : { ...record, request: JSON.parse(entry.requestJson) as Record<string, unknown> };
  }

  async awaitInput(taskId: string, requests: Record<string, TaskInputRequest>, owner?: string): Promise<boolean> {
    const entry = this.entry(taskId, owner);
    return entry !== undefined && awaitInputOn(entry, structuredClone(requests));
  }

  async answer(taskId: string, responses: Record<string, unknown>, owner?: string): Promise<TaskAnswered | undefined> {
    const entry = this.entry(taskId, owner);
    if (!entry) return undefined;
    const { resume } = answerEntry(entry, responses, structuredClone);
    return { resume, record: (await this.read(taskId, owner))! };
  }

  async outcome(taskId: string, owner?: string): Promise<TaskOutcome | undefined> {
    return this.entry(taskId, owner)?.outcome;
  }

  async list(options: { owner?: string; cursor?: string; limit?: number } = {}): Promise<{ tasks: TaskState[]; nextCursor?: string }> {
    this.sweep();
    const start = taskListOffset(options.cursor);
    if (options.owner === undefined) return { tasks: [] };
    const mine = [...this.tasks.values()].filter((e) => e.owner === options.owner).map((e) => ({ ...e.state }));
    const limit = options.limit ?? 100;
    const tasks = mine.slice(start, start + limit);
    return start + limit < mine.length ? { tasks, nextCursor: String(start + limit) } : { tasks };
  }

  watchFinish(taskId: string, listener: () => void): () => void {
    return this.finishes.watch(taskId, listener);
  }

  private entry(taskId: string, owner: string | undefined): Entry | undefined {
    const entry = this.tasks.get(taskId);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.drop(taskId, entry);
      return undefined;
    }
    return entry.owner === owner ? entry : undefined;
  }

  // Walks the tasks only once one may have expired: a walk at every creation made starting N tasks cost N².
  private sweep(): void {
    const now = Date.now();
    if (now < this.nextExpiry) return;
    let next = Number.POSITIVE_INFINITY;
    for (const [id, entry] of this.tasks) {
      if (entry.expiresAt <= now) this.drop(id, entry);
      else next = Math.min(next, entry.expiresAt);
    }
    this.nextExpiry = next;
  }

  private drop(taskId: string, entry: Entry): void {
    this.tasks.delete(taskId);
    this.usage.add(entry.owner, isTerminal(entry.state.status) ? 0 : -1, -entry.bytes);
  }
}
