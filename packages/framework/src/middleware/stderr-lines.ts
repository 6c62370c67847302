// The default output of logRequests() and timing(): lines for stderr, gathered and written in
// batches instead of one write (a system call on a pipe or file) per line or per event-loop turn.
// Under load a turn answers only a few calls, so a write per turn still cost about as much as the
// line itself; a batch of up to 16 KiB costs one write for a hundred lines or so.

/** The size of one batch, in bytes: the lines are written once it is full. */
const BATCH_BYTES = 16 * 1024;
/** A line waits at most this long (ms) before it is written. */
const FLUSH_AFTER_MS = 50;

/** Lines are gathered as text up to this many UTF-16 units, then copied into the batch at once. */
const TEXT_UNITS = 2048;

const encoder = new TextEncoder();
// Each line is copied into the batch soon after it is queued (a few lines at a time: one copy per
// line cost more than the line), so no string of it outlives its request by long: lines kept as
// strings until the write were old enough by then to be copied by the garbage collector, which
// cost more than the write itself.
let batch = new Uint8Array(BATCH_BYTES);
let used = 0;
let text = "";
let timer: ReturnType<typeof setTimeout> | undefined;
let exitHooked = false;

/**
 * Queues `line` (ending in a newline) for stderr. Lines are written in the order queued, in one
 * write once 16 KiB are waiting or 50 ms after the first of them was queued, whichever comes
 * first; a line still waiting when the process exits (`process.exit()` included) is written by the
 * `exit` handler, so none is lost.
 */
export function writeStderrLine(line: string): void {
  if (!exitHooked) {
    exitHooked = true;
    process.on?.("exit", flushStderrLines);
  }
  text += line;
  if (text.length >= TEXT_UNITS) copyText();
  if (timer === undefined) {
    // Unreferenced: waiting lines never keep a process alive, and the exit handler writes them.
    timer = setTimeout(flushStderrLines, FLUSH_AFTER_MS);
    (timer as { unref?: () => void }).unref?.();
  }
}

// Moves the gathered text into the batch, writing the batch first if the text may not fit
// (UTF-8 takes at most three bytes per UTF-16 unit); text longer than a batch is written alone.
function copyText(): void {
  if (used + text.length * 3 > BATCH_BYTES) {
    writeBatch();
    if (text.length * 3 > BATCH_BYTES) {
      process.stderr.write(text);
      text = "";
      return;
    }
  }
  used += encoder.encodeInto(text, batch.subarray(used)).written;
  text = "";
}

function writeBatch(): void {
  if (used === 0) return;
  const full = batch.subarray(0, used);
  // A new batch: the stream may still hold on to the one it was given.
  batch = new Uint8Array(BATCH_BYTES);
  used = 0;
  process.stderr.write(full);
}

/** Writes every queued line now. */
export function flushStderrLines(): void {
  if (timer !== undefined) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (text !== "") copyText();
  writeBatch();
}
