import type { QuotaCap, TaskQuota } from "./task-limits.js";

/** Bytes counted for each task besides its request and outcome: keeping its state costs that much, so a flood of tiny tasks cannot slip under the byte caps. */
export const TASK_RECORD_BYTES = 1024;

interface Tally {
  running: number;
  bytes: number;
}

/**
 * What the tasks in one process's memory hold, server-wide and per owner, kept as they change
 * so that a quota check costs the same however many tasks are held. Tasks with no owner count
 * only server-wide.
 */
export class TaskUsage {
  private readonly total: Tally = { running: 0, bytes: 0 };
  private readonly owners = new Map<string, Tally>();

  /** Adds (or, negative, removes) running tasks and bytes for `owner`. */
  add(owner: string | undefined, running: number, bytes: number): void {
    this.total.running += running;
    this.total.bytes += bytes;
    if (owner === undefined) return;
    const tally = this.owners.get(owner) ?? { running: 0, bytes: 0 };
    tally.running += running;
    tally.bytes += bytes;
    // An owner holding nothing is forgotten: sessions come and go.
    if (tally.running <= 0 && tally.bytes <= 0) this.owners.delete(owner);
    else this.owners.set(owner, tally);
  }

  /** The first cap that `more` running tasks and bytes for `owner` would pass, or undefined. */
  check(quota: TaskQuota, owner: string | undefined, more: Tally): QuotaCap | undefined {
    const own = owner === undefined ? undefined : (this.owners.get(owner) ?? { running: 0, bytes: 0 });
    if (more.running > 0 && this.total.running + more.running > quota.maxTasks) return "maxTasks";
    if (more.running > 0 && own && own.running + more.running > quota.maxTasksPerOwner) return "maxTasksPerOwner";
    if (this.total.bytes + more.bytes > quota.maxBytes) return "maxBytes";
    if (own && own.bytes + more.bytes > quota.maxBytesPerOwner) return "maxBytesPerOwner";
    return undefined;
  }
}
