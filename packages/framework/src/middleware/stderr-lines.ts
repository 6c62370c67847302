// The default output of logRequests() and timing(): lines for stderr, gathered and written once
// per turn of the event loop instead of one write (a system call on a pipe or file) per line.

let waiting = "";
let scheduled = false;
let exitHooked = false;

/**
 * Queues `line` (ending in a newline) for stderr. It is written after the current turn of the
 * event loop with every other line queued in it, in the order queued; a line still waiting when
 * the process exits (`process.exit()` included) is written by the `exit` handler, so none is lost.
 */
export function writeStderrLine(line: string): void {
  waiting += line;
  if (!exitHooked) {
    exitHooked = true;
    process.on?.("exit", flushStderrLines);
  }
  if (scheduled) return;
  scheduled = true;
  // Unreferenced: waiting lines never keep a process alive, and the exit handler writes them.
  // Where there is no setImmediate (Workers), the next timer turn.
  if (typeof setImmediate === "function") setImmediate(flushStderrLines).unref?.();
  else setTimeout(flushStderrLines, 0);
}

/** Writes every queued line now. */
export function flushStderrLines(): void {
  scheduled = false;
  if (waiting === "") return;
  const text = waiting;
  waiting = "";
  process.stderr.write(text);
}
