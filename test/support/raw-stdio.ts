import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import os from "node:os";
import { untilSays } from "./output-says.js";

/** A server process driven with raw newline-delimited JSON-RPC, to send what no SDK client would. */
export class RawStdio {
  readonly child: ChildProcessWithoutNullStreams;
  private stdoutBuffer = "";
  private readonly lines: string[] = [];
  private waiters: Array<() => void> = [];
  private stdoutEnded = false;
  // "close", not "exit": at "exit" the last of stdout and stderr may still be unread.
  private readonly closed: Promise<number | null>;
  stderr = "";

  /** `nodeArgs` go before the script (`--import` of a module to load first, say). */
  constructor(script: string, nodeArgs: readonly string[] = []) {
    this.child = spawn(process.execPath, [...nodeArgs, script], { cwd: os.tmpdir(), stdio: "pipe" });
    this.child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      // Only the new chunk is searched: a line of megabytes costs one pass, not one per chunk.
      let start = 0;
      let i: number;
      while ((i = chunk.indexOf("\n", start)) !== -1) {
        this.lines.push(this.stdoutBuffer + chunk.slice(start, i));
        this.stdoutBuffer = "";
        start = i + 1;
      }
      this.stdoutBuffer += chunk.slice(start);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.child.stdout.once("end", () => {
      this.stdoutEnded = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.child.stderr.setEncoding("utf8").on("data", (chunk: string) => (this.stderr += chunk));
    this.closed = new Promise((resolve) => this.child.once("close", (code) => resolve(code)));
  }

  /** Writes one raw line (a newline is added). */
  send(line: string | object): void {
    this.child.stdin.write(`${typeof line === "string" ? line : JSON.stringify(line)}\n`);
  }

  /**
   * The next stdout line, parsed. Without `timeoutMs` it waits as long as the test may (a loaded
   * machine can take seconds to start a server), failing at once if stdout ends first; with it,
   * it fails when no line comes in that time: for a test whose point is an answer at once.
   */
  async next(timeoutMs?: number): Promise<Record<string, unknown>> {
    const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
    while (this.lines.length === 0) {
      if (this.stdoutEnded) throw new Error(`stdout ended with no line to read; stderr: ${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`no stdout line within ${timeoutMs} ms; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        if (timeoutMs !== undefined) setTimeout(resolve, 50);
      });
    }
    return JSON.parse(this.lines.shift()!) as Record<string, unknown>;
  }

  /** Resolves once the process has written `text` to stderr; fails if stderr ends first, or after `timeoutMs` when given. */
  stderrSays(text: string, timeoutMs?: number): Promise<void> {
    return untilSays(this.child.stderr, () => this.stderr, text, timeoutMs);
  }

  /** Sends `initialize` and `notifications/initialized`, returning the initialize result. */
  async initialize(): Promise<Record<string, unknown>> {
    this.send({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
    });
    const reply = await this.next();
    this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return reply;
  }

  /** Resolves with the exit code once the process has exited and all it wrote has been read. */
  exited(): Promise<number | null> {
    return this.closed;
  }
}
