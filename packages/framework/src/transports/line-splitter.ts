/**
 * Splits a byte stream into newline-terminated lines without ever holding more than `maxBytes`
 * of one line. A longer line is dropped as it streams in (only its first bytes are kept, to
 * find an id to answer) and reported once its newline arrives. Each chunk is scanned once, so
 * a 100 MB line costs one pass over its bytes, not a rescan of a growing buffer per chunk.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private discarding = false;
  private discarded = 0;
  private head = "";

  constructor(
    private readonly maxBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversize: (bytes: number, head: string) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      // The usual case, a whole line inside one chunk: decoded in place, with no view of it made.
      if (newline !== -1 && this.size === 0 && !this.discarding && newline - start <= this.maxBytes) {
        this.emit(chunk.toString("utf8", start, newline));
        start = newline + 1;
        continue;
      }
      const end = newline === -1 ? chunk.length : newline;
      this.take(chunk.subarray(start, end));
      if (newline === -1) return;
      this.finishLine();
      start = newline + 1;
    }
  }

  /** The input ended: a last line without a newline still counts. */
  end(): void {
    if (this.size > 0 || this.discarding) this.finishLine();
  }

  private take(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.discarding) {
      this.discarded += bytes.length;
      return;
    }
    if (this.size + bytes.length <= this.maxBytes) {
      this.parts.push(bytes);
      this.size += bytes.length;
      return;
    }
    // Over the cap: keep the first bytes (where an id usually is), drop the rest from here on.
    const all = Buffer.concat([...this.parts, bytes.subarray(0, Math.max(0, 512 - this.size))]);
    this.head = all.subarray(0, 512).toString("utf8");
    this.discarding = true;
    this.discarded = this.size + bytes.length;
    this.parts = [];
    this.size = 0;
  }

  private finishLine(): void {
    if (this.discarding) {
      const bytes = this.discarded;
      const head = this.head;
      this.discarding = false;
      this.discarded = 0;
      this.head = "";
      this.onOversize(bytes, head);
      return;
    }
    const line = this.parts.length === 1 ? this.parts[0]!.toString("utf8") : Buffer.concat(this.parts, this.size).toString("utf8");
    this.parts = [];
    this.size = 0;
    this.emit(line);
  }

  private emit(line: string): void {
    this.onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
  }
}
