// The default output of logRequests() and timing(): lines for stderr, gathered and written
// together instead of one write (a system call on a pipe or file) per line. Under load a write
// per event-loop turn still cost a system call every few requests, so lines wait up to
// FLUSH_AFTER_MS (or until FLUSH_AT_CHARS are waiting) and leave in one write.

/** How long a line may wait for others before the waiting lines are written. */
const FLUSH_AFTER_MS = 10;
/** Past this many characters waiting, they are written after the current turn of the event loop. */
const FLUSH_AT_CHARS = 64 * 1024;

let waiting = "";
let timer: ReturnType<typeof setTimeout> | undefined;
let soon = false;
let exitHooked = false;

/**
 * Queues `line` (ending in a newline) for stderr. It is written, in the order queued, with every
 * line queued within FLUSH_AFTER_MS of the first waiting one (sooner past FLUSH_AT_CHARS), never
 * in the turn that queued it (so after that turn's answers); a line still waiting when the
 * process exits (`process.exit()`, a signal `serve()` handles, the end of the event loop) is
 * written by the `exit` handler, so none is lost.
 */
export function writeStderrLine(line: string): void {
  waiting += line;
  if (!exitHooked) {
    exitHooked = true;
    process.on?.("exit", flushStderrLines);
  }
  if (waiting.length >= FLUSH_AT_CHARS && !soon) {
    soon = true;
    // Where there is no setImmediate (Workers), the next timer turn.
    if (typeof setImmediate === "function") setImmediate(flushStderrLines).unref?.();
    else setTimeout(flushStderrLines, 0);
  }
  if (timer !== undefined) return;
  // Unreferenced: waiting lines never keep a process alive, and the exit handler writes them.
  timer = setTimeout(flushStderrLines, FLUSH_AFTER_MS);
  (timer as { unref?: () => void }).unref?.();
}

/** Writes every queued line now. */
export function flushStderrLines(): void {
  soon = false;
  if (timer !== undefined) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (waiting === "") return;
  const text = waiting;
  waiting = "";
  process.stderr.write(text);
}
