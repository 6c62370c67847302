// The default output of logRequests() and timing(): lines for stderr, gathered and written in
// batches instead of one write (a system call on a pipe or file) per line or per event-loop turn.
// Under load a turn answers only a few calls, so a write per turn still cost about as much as the
// line itself; a batch of up to 16 KiB costs one write for a hundred lines or so.
//
// A line is either text (`writeLine`) or written part by part straight into the batch as
// UTF-8 (`lineRoom`, then the `put…` methods): the request log's lines are made of parts kept
// as bytes and a few numbers, so a line costs no string, no copy and no garbage.

/** The size of one batch, in bytes: the lines are written once it is full. */
const BATCH_BYTES = 16 * 1024;
/** A line waits at most this long (ms) before it is written. */
const FLUSH_AFTER_MS = 50;

/** Text lines are gathered up to this many UTF-16 units, then copied into the batch at once. */
const TEXT_UNITS = 2048;

const encoder = new TextEncoder();

/**
 * Lines for stderr, gathered and written in batches. Lines are written in the order queued, in
 * one write once 16 KiB are waiting or 50 ms after the first of them was queued, whichever comes
 * first; a line still waiting when the process exits (`process.exit()` included) is written by
 * the `exit` handler, so none is lost. The process has one: {@link stderrLines}.
 */
export class StderrLines {
  // Each text line is copied into the batch soon after it is queued (a few lines at a time: one
  // copy per line cost more than the line), so no string of it outlives its request by long: lines
  // kept as strings until the write were old enough by then to be copied by the garbage collector,
  // which cost more than the write itself.
  private batch: Uint8Array = new Uint8Array(BATCH_BYTES);
  private used = 0;
  private text = "";
  private timer: ReturnType<typeof setTimeout> | undefined;
  private exitHooked = false;
  // A new 16 KiB buffer per batch cost about as much as the hundred lines in it (an ArrayBuffer is
  // slow to make and to collect), so the batch written last is used again once the stream is done
  // with it. (A callback on the write to say so cost more than the new buffer.)
  private written: Uint8Array | undefined;
  private readonly flushNow = () => this.flush();

  /** Queues `line` (ending in a newline). */
  writeLine(line: string): void {
    this.waitForFlush();
    this.text += line;
    if (this.text.length >= TEXT_UNITS) this.copyText();
  }

  /**
   * Makes room in the batch for a line of at most `maxBytes` UTF-8 bytes, to be written next with
   * the `put…` methods, and queued as {@link writeLine} queues its lines. `false` when no batch can
   * hold such a line: write it with `writeLine` instead.
   */
  lineRoom(maxBytes: number): boolean {
    if (maxBytes > BATCH_BYTES) return false;
    this.waitForFlush();
    if (this.text !== "") this.copyText();
    if (this.used + maxBytes > BATCH_BYTES) this.writeBatch();
    return true;
  }

  /** Puts `bytes` into the line {@link lineRoom} made room for. */
  putBytes(bytes: Uint8Array): void {
    // Most parts are a few dozen bytes: a loop over locals is cheaper there than `set`.
    const into = this.batch;
    const at = this.used;
    const length = bytes.length;
    if (length <= 64) {
      for (let i = 0; i < length; i++) into[at + i] = bytes[i]!;
    } else into.set(bytes, at);
    this.used = at + length;
  }

  /** Puts `text` as UTF-8 (at most three bytes per UTF-16 unit) into the line. */
  putText(text: string): void {
    this.used += encoder.encodeInto(text, this.batch.subarray(this.used)).written;
  }

  /** Puts the decimal digits of `n`, a safe integer ≥ 0, into the line. */
  putDigits(n: number): void {
    const batch = this.batch;
    let used = this.used;
    if (n < 10) {
      batch[used] = 48 + n;
      this.used = used + 1;
      return;
    }
    const start = used;
    while (n > 0) {
      const rest = Math.floor(n / 10);
      batch[used++] = 48 + (n - rest * 10);
      n = rest;
    }
    for (let a = start, b = used - 1; a < b; a++, b--) {
      const digit = batch[a]!;
      batch[a] = batch[b]!;
      batch[b] = digit;
    }
    this.used = used;
  }

  /** Puts `n`, an integer from 0 to 999, as exactly three digits. */
  putThreeDigits(n: number): void {
    const hundreds = Math.floor(n / 100);
    const tens = Math.floor(n / 10) - hundreds * 10;
    const batch = this.batch;
    const used = this.used;
    batch[used] = 48 + hundreds;
    batch[used + 1] = 48 + tens;
    batch[used + 2] = 48 + (n - hundreds * 100 - tens * 10);
    this.used = used + 3;
  }

  /**
   * Puts `thousandths / 1000` as JavaScript writes that number (`1.5`, `0.059`, `2`), for an
   * integer `thousandths` ≥ 0: the digits of the exact decimal are the shortest that read back as
   * the same double, so this is `String(thousandths / 1000)` without making the string.
   */
  putThousandths(thousandths: number): void {
    const whole = Math.floor(thousandths / 1000);
    this.putDigits(whole);
    let fraction = thousandths - whole * 1000;
    if (fraction === 0) return;
    const batch = this.batch;
    let used = this.used;
    batch[used++] = 46; // "."
    for (let unit = 100; fraction !== 0; unit /= 10) {
      const digit = Math.floor(fraction / unit);
      batch[used++] = 48 + digit;
      fraction -= digit * unit;
    }
    this.used = used;
  }

  /** Writes every queued line now. */
  flush(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.text !== "") this.copyText();
    this.writeBatch();
  }

  // The first line queued after a write arms the timer (unreferenced: waiting lines never keep a
  // process alive, and the exit handler writes them).
  private waitForFlush(): void {
    if (this.timer !== undefined) return;
    if (!this.exitHooked) {
      this.exitHooked = true;
      process.on?.("exit", this.flushNow);
    }
    this.timer = setTimeout(this.flushNow, FLUSH_AFTER_MS);
    (this.timer as { unref?: () => void }).unref?.();
  }

  // Moves the gathered text into the batch, writing the batch first if the text may not fit
  // (UTF-8 takes at most three bytes per UTF-16 unit); text longer than a batch is written alone.
  private copyText(): void {
    const text = this.text;
    if (this.used + text.length * 3 > BATCH_BYTES) {
      this.writeBatch();
      if (text.length * 3 > BATCH_BYTES) {
        process.stderr.write(text);
        this.text = "";
        return;
      }
    }
    this.used += encoder.encodeInto(text, this.batch.subarray(this.used)).written;
    this.text = "";
  }

  private writeBatch(): void {
    if (this.used === 0) return;
    const full = this.batch.subarray(0, this.used);
    // The stream may hold on to the batch it was given until it is written. Once it holds nothing
    // (what it was given is written), the batch given last is free to fill again; otherwise a new one.
    // Only the stream's own write says so: a write the application put in its place (a tee to a
    // file, say) may keep what it is given however little the stream holds.
    const stream = process.stderr;
    const free = this.written !== undefined && !Object.hasOwn(stream, "write") && stream.writableLength === 0 ? this.written : undefined;
    this.written = this.batch;
    this.batch = free ?? new Uint8Array(BATCH_BYTES);
    this.used = 0;
    stream.write(full);
  }
}

/** The process's lines for stderr: the default output of `logRequests()` and `timing()`. */
export const stderrLines = new StderrLines();

/** UTF-8 bytes of `text`, for parts kept to be put into many lines. */
export function bytesOf(text: string): Uint8Array {
  return encoder.encode(text);
}
