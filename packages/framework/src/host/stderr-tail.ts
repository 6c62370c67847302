import type { Readable } from "node:stream";

/** Keeps the last lines a server wrote to stderr, to explain a failure; passes each line on. */
export class StderrTail {
  private lines: string[] = [];
  private partial = "";
  constructor(private readonly onLine?: (line: string) => void) {}

  follow(stream: Readable): void {
    stream.setEncoding("utf8").on("data", (chunk: string) => {
      const parts = (this.partial + chunk).split("\n");
      this.partial = parts.pop() ?? "";
      for (const line of parts) this.add(line);
    });
    stream.on("end", () => this.partial && this.add(this.partial));
  }

  text(): string {
    return [...this.lines, ...(this.partial ? [this.partial] : [])].join("\n").trimEnd();
  }

  private add(line: string): void {
    this.onLine?.(line);
    this.lines.push(line);
    if (this.lines.length > 20) this.lines.shift();
  }
}
