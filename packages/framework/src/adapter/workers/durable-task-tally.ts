import { QuotaFull, type QuotaCap, type TaskQuota } from "../../runtime/tasks/task-limits.js";
import type { DurableObjectNamespace, DurableObjectStorage } from "./durable-object-types.js";
import { answer, callObject, stateObject } from "./durable-protocol.js";

/** The name of the one object that counts every task of the deployment against the server-wide caps. */
export const TALLY_OBJECT = "tasks:tally";

/**
 * What one task holds of the server-wide caps, sent by its shard when it is created and when it
 * finishes (or is cancelled): whether it runs, and the bytes it keeps in all. Absolute, never a
 * difference, so that a repeated message changes nothing.
 */
export interface TaskHold {
  taskId: string;
  /** When the task expires: its hold ends then, whatever its shard said last. */
  expiresAt: number;
  running: 0 | 1;
  bytes: number;
  /** The caps to check; a hold that only gives back (a finish without one) is never refused. */
  quota?: Pick<TaskQuota, "maxTasks" | "maxBytes">;
  /** Only check: answer whether the hold would pass, and count nothing. */
  dryRun?: boolean;
}

/** Sends a task's hold to the tally; throws `QuotaFull` when it would take the deployment past `maxTasks` or `maxBytes`. */
export type HoldTask = (hold: TaskHold) => Promise<void>;

/**
 * The tally of `namespace`, as one task shard reaches it: the holds its tasks ask for while a
 * batch is on its way go together in the next one, answered one by one in the order they were
 * asked, so that a busy shard costs the tally one request per round trip, not one per task.
 */
export function tallyOf(namespace: DurableObjectNamespace): HoldTask {
  let waiting: Array<{ hold: TaskHold; settle: (refused: QuotaCap | null | Error) => void }> = [];
  let sending = false;
  const send = async () => {
    sending = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      const holds = batch.map((w) => w.hold);
      const answers = await callObject<Array<QuotaCap | null>>(
        stateObject(namespace, TALLY_OBJECT),
        "tally/holds",
        { holds },
        "count tasks against the server-wide task caps",
      ).catch((error: Error) => batch.map(() => error));
      batch.forEach((w, i) => w.settle(answers[i] ?? null));
    }
    sending = false;
  };
  return (hold) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ hold, settle: (refused) => (refused === null ? resolve() : reject(refused instanceof Error ? refused : new QuotaFull(refused))) });
      if (!sending) void send();
    });
}

/** Sends `hold` to `tally`; gives back the object's answer when it was refused (`{ quotaFull }`) or failed (`{ error }`), else undefined. */
export async function holdOrRefusal(tally: HoldTask, hold: TaskHold): Promise<Response | undefined> {
  try {
    await tally(hold);
    return undefined;
  } catch (error) {
    if (error instanceof QuotaFull) return quotaFull(error.cap);
    return new Response(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  }
}

/** `quota` as a shard checks it: the per-owner caps only, the server-wide ones being the tally's. */
export function perOwner(quota: TaskQuota): TaskQuota {
  return { ...quota, maxTasks: Number.POSITIVE_INFINITY, maxBytes: Number.POSITIVE_INFINITY };
}

/** An object's answer that `cap` is full (`callObject` throws it as `QuotaFull`). */
export function quotaFull(cap: QuotaCap): Response {
  return new Response(JSON.stringify({ quotaFull: cap }));
}

/** Expired holds are swept at most this often (ms), and at once before a refusal: an expired hold never refuses a task. */
const SWEEP_MS = 1_000;
const PREFIX = "hold:";

type Kept = Pick<TaskHold, "expiresAt" | "running" | "bytes">;

/**
 * The `tasks:tally` object's side: the server-wide counts (`maxTasks`, `maxTaskBytes`) of a
 * deployment whose tasks are sharded by owner (see `DurableTaskStore`). It keeps one hold per
 * task (`hold:<task id>`), touched only when the task is created and when it finishes, and
 * checks a hold that asks for more against the caps in the same turn as it counts it (an object
 * handles one request at a time), so the count of holds never passes a cap.
 *
 * What that guarantees under races: a shard asks for a task's hold before it keeps the task and
 * gives it back only after, so the tasks kept are never more than the holds counted, and the
 * server-wide caps are never overshot, however many isolates create at once. The count errs the
 * other way only: a hold whose give-back was lost (its shard's object failed in between) counts
 * until its task's expiry; in that window a creation may be refused that the tasks kept would
 * have allowed. (A hold never outlives its task: expired ones are swept before any refusal.)
 */
export class DurableTaskTally {
  private holds: Map<string, Kept> | undefined;
  private readonly total = { running: 0, bytes: 0 };
  private sweptAt = 0;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Answers `holds`: each hold (see {@link TaskHold}) in order, with the cap it would pass, or null where it is counted. */
  async handle(operation: string, args: Record<string, unknown>): Promise<Response> {
    if (operation !== "holds") return new Response(JSON.stringify({ error: `unknown tally operation ${operation}` }), { status: 400 });
    const holds = await this.load();
    await this.sweep(holds, false);
    const answers: Array<QuotaCap | null> = [];
    const changed: Record<string, Kept> = {};
    for (const hold of args.holds as TaskHold[]) {
      const refused = await this.hold(holds, hold);
      answers.push(refused ?? null);
      if (!refused && !hold.dryRun) changed[PREFIX + hold.taskId] = holds.get(hold.taskId)!;
    }
    const entries = Object.entries(changed);
    // Storage writes at most 128 keys per call.
    for (let at = 0; at < entries.length; at += 128) await this.storage.put(Object.fromEntries(entries.slice(at, at + 128)));
    return answer(answers);
  }

  private async hold(holds: Map<string, Kept>, { taskId, expiresAt, running, bytes, quota, dryRun }: TaskHold): Promise<QuotaCap | undefined> {
    const was = holds.get(taskId) ?? { expiresAt, running: 0, bytes: 0 };
    const more = { running: running - was.running, bytes: bytes - was.bytes };
    // Before refusing, every expired hold goes, however recently the last sweep ran.
    let full = quota && overCap(quota, this.total, more);
    if (quota && full) {
      await this.sweep(holds, true);
      full = overCap(quota, this.total, more);
    }
    if (full || dryRun) return full;
    this.count(was, -1);
    const kept = { expiresAt, running, bytes };
    this.count(kept, 1);
    holds.set(taskId, kept);
    return undefined;
  }

  private async load(): Promise<Map<string, Kept>> {
    if (this.holds) return this.holds;
    const stored = await this.storage.list<Kept>({ prefix: PREFIX });
    const holds = new Map<string, Kept>();
    for (const [key, kept] of stored) {
      holds.set(key.slice(PREFIX.length), kept);
      this.count(kept, 1);
    }
    this.holds ??= holds;
    return this.holds;
  }

  private async sweep(holds: Map<string, Kept>, force: boolean): Promise<void> {
    const now = Date.now();
    if (!force && now - this.sweptAt < SWEEP_MS) return;
    this.sweptAt = now;
    const expired = [...holds].filter(([, kept]) => kept.expiresAt <= now);
    for (const [taskId, kept] of expired) {
      holds.delete(taskId);
      this.count(kept, -1);
    }
    const keys = expired.map(([taskId]) => PREFIX + taskId);
    // Storage deletes at most 128 keys per call.
    for (let at = 0; at < keys.length; at += 128) await this.storage.delete(keys.slice(at, at + 128));
  }

  private count(kept: Kept, sign: 1 | -1): void {
    this.total.running += sign * kept.running;
    this.total.bytes += sign * kept.bytes;
  }
}

function overCap(
  quota: NonNullable<TaskHold["quota"]>,
  total: { running: number; bytes: number },
  more: { running: number; bytes: number },
): QuotaCap | undefined {
  if (more.running > 0 && total.running + more.running > quota.maxTasks) return "maxTasks";
  if (more.bytes > 0 && total.bytes + more.bytes > quota.maxBytes) return "maxBytes";
  return undefined;
}
