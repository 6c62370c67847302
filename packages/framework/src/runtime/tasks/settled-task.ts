import { isTerminal, type TaskRecord } from "./task-store.js";

/** How often a waiter whose store tells it of finishes still reads the task: in case a message was lost. */
export const TOLD_LOOK_MS = 1_000;

/**
 * Resolves with a task's record once it has finished, reading it every `everyMs`; a store that
 * can tell of finishes (`watch`: `TaskStore.watchFinish` for this task) wakes the waiter at once
 * in between. Rejects when `signal` fires first, and with `read`'s error (the task is gone).
 */
export async function settledTask(
  read: () => Promise<TaskRecord>,
  watch: ((listener: () => void) => () => void) | undefined,
  signal: AbortSignal,
  everyMs: number,
): Promise<TaskRecord> {
  let told = false;
  let wake: (() => void) | undefined;
  // Watching before the first read: a finish between that read and the wait is not missed.
  const stop = watch?.(() => {
    told = true;
    wake?.();
  });
  try {
    for (;;) {
      told = false;
      const record = await read();
      if (isTerminal(record.state.status)) return record;
      if (!told) await pause(everyMs, signal, (resume) => (wake = resume));
    }
  } finally {
    stop?.();
  }
}

// Waits `ms`, or until woken through the function handed to `onWake`; rejects when `signal` fires.
function pause(ms: number, signal: AbortSignal, onWake: (resume: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const resume = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", stopped);
      resolve();
    };
    const stopped = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(resume, ms);
    signal.addEventListener("abort", stopped, { once: true });
    onWake(resume);
  });
}
