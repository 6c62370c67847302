/** A sandbox process that can be handed a program, and ended. */
export interface PooledProcess {
  readonly exited: boolean;
  kill(): void;
}

/** Processes kept waiting for a program, per runtime and memory limits. */
const IDLE_PROCESSES = 2;

/**
 * The warm processes of one kind of sandbox (one runtime binary, one set of memory limits), shared
 * by every sandbox made with them: a program takes a waiting one or starts one; one that ran a
 * program cleanly goes back (up to two wait), any other is ended.
 */
export class ProcessPool<T extends PooledProcess> {
  private readonly waiting = new Map<string, T[]>();

  /** A waiting process of `key`, or undefined when none waits. */
  take(key: string): T | undefined {
    const waiting = this.waiting.get(key) ?? [];
    let found = waiting.pop();
    while (found?.exited) found = waiting.pop();
    return found;
  }

  /** Gives `process` back after a program: kept when `reusable` and there is room, else ended. */
  give(key: string, process: T, reusable: boolean): void {
    const waiting = this.waiting.get(key) ?? [];
    this.waiting.set(key, waiting);
    if (!reusable || process.exited || waiting.length >= IDLE_PROCESSES) process.kill();
    else waiting.push(process);
  }

  /** Ends every waiting process of `key`. */
  close(key: string): void {
    for (const process of this.waiting.get(key)?.splice(0) ?? []) process.kill();
  }
}
