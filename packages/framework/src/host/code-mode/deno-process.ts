import type { ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RUNTIME_MB, spawnWithDataLimit } from "./limited-spawn.js";
import type { ProgramBridge } from "./program-bridge.js";
import { classifyExit, parseBridgeLine } from "./sandbox-messages.js";

/**
 * Address space a program's Worker reserves for its code (V8's code range), which the operating
 * system's data limit counts though little of it is ever used: added to the limit, so a program
 * gets the memory `processMemoryMb` says.
 */
const ISOLATE_RESERVE_MB = 512;
/** The longest line the bridge takes (a tool call's arguments): a program's own output is bounded by `outputLimit`. */
const MAX_BRIDGE_LINE = 16 * 1024 * 1024;
const BRIDGE_PREFIX = '{"typemcp":';

/**
 * One long-lived Deno process with no permissions (no network, files, environment, subprocesses
 * or FFI; no remote or npm modules; no config file) and a heap limit for each isolate, which runs
 * programs one at a time, each in a fresh Worker (`deno-pool.ts`). Its stdout carries the running
 * program's messages and whatever it writes there itself (printed output, within the limit); its
 * stdin carries the host's answers. A program that fails past recovery (a timeout, its memory, its
 * output) ends the whole process: the next program gets another.
 */
export class DenoProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private current: ProgramBridge | undefined;
  private pendingLine = "";
  private stderr = "";
  private done: (() => void) | undefined;
  /** Whether the process has ended (killed or crashed): it takes no more programs. */
  exited = false;

  constructor(deno: string, limits: { memoryMb: number; processMemoryMb?: number | undefined }) {
    const args = [
      "run",
      "--no-prompt",
      "--no-remote",
      "--no-npm",
      "--no-config",
      "--no-lock",
      "--no-check",
      `--v8-flags=--max-old-space-size=${limits.memoryMb}`,
      poolFile(),
    ];
    const env = { PATH: process.env.PATH ?? "", DENO_DIR: path.join(os.tmpdir(), "typemcp-code-mode-deno"), NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" };
    // The heap flag bounds each isolate's V8 heap only; the operating system bounds the rest.
    const dataMb = (limits.processMemoryMb ?? limits.memoryMb + RUNTIME_MB) + ISOLATE_RESERVE_MB;
    this.child = spawnWithDataLimit(deno, args, dataMb, { env, stdio: ["pipe", "pipe", "pipe"] }) as ChildProcessWithoutNullStreams;
    this.child.stdout.setEncoding("utf8").on("data", (chunk: string) => this.read(chunk));
    this.child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (this.stderr.length < 64_000) this.stderr += chunk;
    });
    this.child.stdin.on("error", () => {});
    this.child.on("error", (error) => this.current?.stop("crashed", `Deno could not be started (${deno}): ${error.message}`));
    this.child.on("close", (code, signal) => {
      this.exited = true;
      const bridge = this.current;
      if (bridge && this.pendingLine) bridge.print(this.pendingLine);
      if (bridge && !bridge.failure && !bridge.finished) bridge.failure = classifyExit(this.stderr, code, signal);
      this.done?.();
    });
    this.idle();
  }

  /**
   * Runs one program's module (`source`) with `bridge` as its host side; resolves when it has
   * finished or the process has ended.
   */
  run(bridge: ProgramBridge, source: string, typescript: boolean): Promise<void> {
    this.current = bridge;
    this.stderr = "";
    this.pendingLine = "";
    this.busy();
    const finished = new Promise<void>((resolve) => {
      this.done = resolve;
    });
    this.write({ source, typescript });
    return finished.then(() => {
      this.current = undefined;
      this.done = undefined;
      this.idle();
    });
  }

  /** Sends an answer to the running program. */
  write(message: unknown): void {
    if (this.child.stdin.writable) this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** Ends the process at once. */
  kill(): void {
    this.child.kill("SIGKILL");
  }

  private read(chunk: string): void {
    const bridge = this.current;
    if (!bridge) return;
    this.pendingLine += chunk;
    for (let end = this.pendingLine.indexOf("\n"); end >= 0; end = this.pendingLine.indexOf("\n")) {
      const line = this.pendingLine.slice(0, end);
      this.pendingLine = this.pendingLine.slice(end + 1);
      const parsed = parseBridgeLine(line);
      // A line that is not the bridge's is something the program wrote to stdout itself: printed output.
      if (parsed) bridge.handle(parsed, (reply) => this.write(reply));
      else bridge.print(line);
      if (bridge.finished && this.current === bridge) this.done?.();
    }
    // A line without its newline yet is held only as far as it could still be printed (or, for
    // the bridge's own lines, up to the largest tool call): never without bound.
    const isBridge = BRIDGE_PREFIX.startsWith(this.pendingLine.slice(0, BRIDGE_PREFIX.length));
    if (isBridge && this.pendingLine.length > MAX_BRIDGE_LINE) {
      this.pendingLine = "";
      bridge.stop("output-limit", `The program sent a tool call of more than ${MAX_BRIDGE_LINE} characters and was stopped: pass less to a tool at once.`);
    } else if (!isBridge && bridge.output.length + this.pendingLine.length + 1 > bridge.outputLimit) {
      const line = this.pendingLine;
      this.pendingLine = "";
      bridge.print(line);
    }
  }

  // While it waits for a program it does not keep the host's process alive.
  private idle(): void {
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) (stream as unknown as { unref?(): void }).unref?.();
  }

  private busy(): void {
    this.child.ref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) (stream as unknown as { ref?(): void }).ref?.();
  }
}

// The pool's main module as built (dist: .js) or as source (tests run the .ts; Deno runs either).
function poolFile(): string {
  const js = fileURLToPath(new URL("./deno-pool.js", import.meta.url));
  return fs.existsSync(js) ? js : fileURLToPath(new URL("./deno-pool.ts", import.meta.url));
}
