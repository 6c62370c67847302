import { toDiscoveryRequest } from "./discovery-declarations.js";
import { describeException, toShownMedia } from "./sandbox-messages.js";
import type { BridgeAnswer, ResolvedLimits, SandboxFailure, SandboxOutcome, SandboxRun } from "./sandbox-types.js";
import type { PositionMap } from "./source-positions.js";
import type { ToolResultMedia } from "../models/model-adapter.js";

/** A message the sandbox's prelude sends about one program. */
export type BridgeMessage = Record<string, unknown>;
/** How the host answers a question of the program (a tool call, a search, a keep, media to show). */
export type BridgeReply = { readonly id: number; readonly result?: unknown; readonly error?: string };

/**
 * The host's side of one program's run, whatever sandbox it runs in: what it printed (within its
 * limit), its clock (paused while its tool calls run), its tool calls one at a time, its
 * discovery, kept values and the media it shows, and how it ended. `stop` is the sandbox's way to end the
 * program at once; `reply` carries an answer back to it.
 */
export class ProgramBridge {
  output = "";
  calls = 0;
  failure: SandboxOutcome["failure"];
  finished = false;
  private started = false;
  private readonly media: ToolResultMedia[] = [];
  private queue = Promise.resolve();
  private inFlight = 0;
  private budget: number;
  private clockStarted = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly program: SandboxRun,
    private readonly limits: ResolvedLimits,
    private readonly onStop: () => void,
    /** Where positions in the JavaScript the sandbox ran came from in the program (a compiled TypeScript program). */
    private readonly positions?: PositionMap,
  ) {
    this.budget = limits.timeoutMs;
  }

  /** The characters the program may print. */
  get outputLimit(): number {
    return this.limits.outputLimit;
  }

  /** Ends the program as `kind` (the first reason stands). */
  stop(kind: SandboxFailure, message: string): void {
    this.failure ??= { kind, message };
    clearTimeout(this.timer);
    this.onStop();
  }

  /** Bounds the time until the program starts (the sandbox's own start, not the program's time). */
  startupBound(ms: number): void {
    this.timer = setTimeout(() => this.stop("timeout", `The sandbox did not start the program within ${ms / 1000} s.`), ms);
  }

  /** Text the program printed, a line: past the limit the program is stopped. */
  print(text: string): void {
    if (this.output.length + text.length + 1 > this.limits.outputLimit) {
      this.output += `${text}\n`.slice(0, Math.max(0, this.limits.outputLimit - this.output.length));
      this.stop(
        "output-limit",
        `The program printed more than ${this.limits.outputLimit} characters and was stopped: print less (a summary, the records you need).`,
      );
    } else this.output += `${text}\n`;
  }

  /** The outcome, once the sandbox is done with the program. */
  outcome(): SandboxOutcome {
    clearTimeout(this.timer);
    return { output: this.output, calls: this.calls, ...(this.media.length && { media: this.media }), ...(this.failure && { failure: this.failure }) };
  }

  /** Handles one message of the program's; a question's answer goes to `reply`. */
  handle(message: BridgeMessage, reply: (answer: BridgeReply) => void): void {
    const kind = message.typemcp;
    const id = message.id;
    if (kind === "ready") {
      if (this.started) return;
      this.started = true;
      clearTimeout(this.timer);
      this.startClock();
    } else if (kind === "print") this.print(String(message.text));
    else if (kind === "done") this.finished = true;
    else if (kind === "error") this.ended(message);
    else if (typeof id !== "number") return;
    else if (kind === "discover") {
      // Answered at once, beside any tool call in flight: it reads the host's catalog, nothing more.
      const request = toDiscoveryRequest(message.op, message.args);
      const onDiscover = this.program.onDiscover;
      reply(request && onDiscover ? { id, result: onDiscover(request) } : { id, error: `codemode.${String(message.op)} is not offered here.` });
    } else if (kind === "image") {
      const shown = toShownMedia(message, this.media.length);
      if (typeof shown !== "string") this.media.push(shown);
      reply(typeof shown === "string" ? { id, error: shown } : { id, result: null });
    } else if (kind === "keep") {
      const entry = typeof message.source === "string" ? { source: message.source } : "value" in message ? { value: message.value } : undefined;
      const refused = this.program.kept ? this.program.kept.keep(String(message.name), entry) : "codemode.keep is not offered here.";
      reply(refused === undefined ? { id, result: null } : { id, error: refused });
    } else if (kind === "call") this.call(id, String(message.tool), message.args, reply);
  }

  private ended(message: BridgeMessage): void {
    this.finished = true;
    // An allocation the process's memory limit refused (an ArrayBuffer outside the heap) is the memory limit's doing.
    this.failure ??=
      message.name === "RangeError" && /allocation failed/i.test(String(message.message))
        ? { kind: "memory", message: "The program ran out of memory (the sandbox's memory limit) and was stopped." }
        : {
            kind: "exception",
            message: describeException(
              String(message.name),
              String(message.message),
              String(message.stack ?? ""),
              this.program.code.split("\n").length,
              this.positions,
            ),
          };
  }

  private call(id: number, tool: string, args: unknown, reply: (answer: BridgeReply) => void): void {
    this.calls++;
    if (this.inFlight++ === 0) this.pauseClock();
    this.queue = this.queue.then(async () => {
      const answer = await this.program.onCall(tool, args).catch((error: unknown): BridgeAnswer => ({ ok: false, message: String(error) }));
      if (--this.inFlight === 0 && !this.failure) this.startClock();
      reply(answer.ok ? { id, result: answer.value ?? null } : { id, error: answer.message });
    });
  }

  private startClock(): void {
    this.clockStarted = Date.now();
    const limit = this.limits.timeoutMs;
    this.timer = setTimeout(
      () => this.stop("timeout", `The program ran past its time limit (${limit} ms, not counting its tool calls) and was stopped.`),
      this.budget,
    );
  }

  private pauseClock(): void {
    clearTimeout(this.timer);
    this.budget -= Date.now() - this.clockStarted;
  }
}
