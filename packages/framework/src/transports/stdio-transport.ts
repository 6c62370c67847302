import type { JSONRPCMessage, Transport } from "../runtime/sdk/sdk.js";
import { messageJson } from "../runtime/calls/kept-json.js";
import { messageParts } from "../runtime/calls/message-parts.js";
import { hasClaim2026, toJsonRpcMessage } from "./json-rpc-envelope.js";
import { ERROR_CODES } from "../errors/codes.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { SENT } from "../runtime/sdk/sent.js";
import { LineSplitter } from "./line-splitter.js";
import { batchRefusals, checkRequestId, replyableId, requestIdOfLine } from "./request-id.js";
import type { ProtocolOutput } from "./stdout-guard.js";

/** Limits and grace periods of the stdio transport. */
export interface StdioLimits {
  /** Longest line (one message) accepted, in bytes; a longer one is discarded as it streams and answered with -32700. Default 4 MiB, as the HTTP body cap. */
  maxLineBytes: number;
  /** How long calls in flight may run once stdin has closed before they are cancelled and answered with an error. Default 5 s. */
  stdinCloseGraceMs: number;
  /** The same after SIGTERM or SIGINT. Default 1 s. */
  signalGraceMs: number;
}

/** The defaults of {@link StdioLimits}. */
export const STDIO_LIMITS: StdioLimits = { maxLineBytes: 4 * 1024 * 1024, stdinCloseGraceMs: 5_000, signalGraceMs: 1_000 };

/**
 * Most requests running at once. Past it, lines wait (and stdin is not read) until one
 * finishes: with output backpressure, this is what bounds memory when a client pipelines
 * thousands of requests and reads nothing back.
 */
const MAX_IN_FLIGHT = 64;
/**
 * Replies wait for the next turn of the event loop to leave in one write, unless this much is
 * waiting: then they leave at once, so a full pipe is noticed before more requests are started
 * (synchronous tools answer within microtasks, long before any timer or immediate runs).
 */
const FLUSH_AT_BYTES = 64 * 1024;
/** JSON-RPC "server error" code for calls cut short by shutdown. */
const SHUTTING_DOWN = -32000;
/** How long the last replies may take to leave the process before it exits anyway. */
const FINAL_FLUSH_MS = 1_000;

/**
 * Newline-delimited JSON-RPC over stdin/stdout, implementing the SDK's `Transport`.
 *
 * Every request with an id gets a reply in words: a malformed line -32700, an invalid message
 * or batch -32600 (naming what was wrong), a 2025-11-25 request before `initialize` -32600, a line over
 * the size cap -32700 once it ends (it is discarded as it streams, never buffered). Output has
 * backpressure: while stdout's pipe is full, no more requests are read. On stdin close or a
 * signal, calls in flight get a grace period, then are cancelled and answered with an error;
 * on a closed stdout (EPIPE) the transport closes quietly.
 */
export class StdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  /** Called once the transport has closed, after `onclose` (which the SDK's serving entry takes for itself). */
  onClosed?: () => void;

  private readonly lines: LineSplitter;
  /** Lines read but not yet dispatched, while too many run or the pipe is full. */
  private backlog: string[] = [];
  private outgoing = "";
  private flushScheduled = false;
  private readonly pending = new Set<string | number>();
  private initializeSeen = false;
  private waitingForDrain = false;
  private stopping = false;
  /** Why the transport is shutting down (SIGTERM, stdin closed), for the requests it then refuses. */
  private stoppingWhy = "";
  private closed = false;
  private whenIdle: (() => void) | undefined;

  constructor(
    private readonly output: ProtocolOutput,
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly limits: StdioLimits = STDIO_LIMITS,
  ) {
    this.lines = new LineSplitter(
      limits.maxLineBytes,
      (line) => this.enqueue(line),
      (bytes, head) => this.oversize(bytes, head),
    );
  }

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onEnd);
    this.output.onBroken(() => void this.abandon());
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return SENT;
    if ("method" in message) {
      // Notifications and server-to-client requests go out at once and alone: the SDK's client
      // handles a notification a microtask after a response read in the same chunk, so a
      // progress update batched with its call's response would arrive after its handler is gone.
      this.flush();
      this.writeOut(`${messageJson(message).json}\n`);
      return SENT;
    }
    this.answer(message);
    if (message.id !== undefined && this.pending.delete(message.id)) {
      this.checkIdle();
      this.pump();
    }
    return SENT;
  }

  // An answer with a text of megabytes goes in parts, its text serialised a slice at a time as it
  // is written; any other large answer as it is, its newline after it: joined, its megabytes would
  // be copied once more into a line of their own before the write copies them again.
  private answer(message: JSONRPCMessage): void {
    const parts = messageParts(message);
    const json = parts === undefined ? messageJson(message).json : "";
    if (parts === undefined && json.length < FLUSH_AT_BYTES) return this.queue(`${json}\n`);
    this.flush();
    for (const part of parts ?? [json]) this.writeOut(part);
    this.writeOut("\n");
  }

  /** Closes at once: what was queued is written, calls still running are not answered. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.detach();
    this.onclose?.();
    this.onClosed?.();
  }

  /**
   * Starts no new request, gives calls in flight `graceMs` to finish, then cancels each one left
   * (its handler's signal aborts) and answers it with an error; flushes stdout, then closes. Until
   * then stdin is still read and each request that arrives is answered at once with an error, so
   * what a client had already sent into the pipe is answered too, not lost unread.
   */
  async shutdown(graceMs: number, why: string): Promise<void> {
    if (this.closed) return;
    if (this.stopping) {
      // A second signal while draining: stop waiting.
      this.whenIdle?.();
      return;
    }
    this.stopping = true;
    this.stoppingWhy = why;
    this.pump();
    if (this.pending.size > 0 || this.backlog.length > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        this.whenIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    for (const id of [...this.pending]) {
      this.pending.delete(id);
      this.cancel(id, why);
      this.reply(id, SHUTTING_DOWN, `Request cancelled: the server is shutting down (${why}) and the call did not finish within ${graceMs} ms.`);
    }
    // Read but never started (too many ran at once): each request among them still gets a reply.
    for (const line of this.backlog.splice(0)) {
      const id = requestIdOfLine(line);
      if (id !== null) this.reply(id, SHUTTING_DOWN, `Request not started: the server is shutting down (${why}).`);
    }
    this.flush();
    await this.output.flushed(FINAL_FLUSH_MS);
    await this.close();
  }

  private readonly onData = (chunk: string | Buffer): void => {
    this.lines.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
  };

  private readonly onEnd = (): void => {
    this.lines.end();
    // Closed while already shutting down: the shutdown under way decides when to stop waiting.
    if (!this.stopping) void this.shutdown(this.limits.stdinCloseGraceMs, "stdin closed");
  };

  // stdout is gone (EPIPE): nothing more can reach the client. Cancel what runs, so tools stop
  // calling upstream for nobody, and close without a word.
  private async abandon(): Promise<void> {
    if (this.closed) return;
    for (const id of this.pending) this.cancel(id, "stdout closed");
    this.pending.clear();
    this.backlog = [];
    this.outgoing = "";
    this.closed = true;
    this.detach();
    this.onclose?.();
    this.onClosed?.();
  }

  private detach(): void {
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onEnd);
    this.input.pause();
  }

  private cancel(requestId: string | number, reason: string): void {
    // The SDK aborts a handler's signal on notifications/cancelled and then sends no response.
    this.onmessage?.({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId, reason } });
  }

  private checkIdle(): void {
    if (this.pending.size === 0 && this.backlog.length === 0) this.whenIdle?.();
  }

  private enqueue(line: string): void {
    if (this.closed || line.trim() === "") return;
    if (this.stopping) {
      // Arrived once shutdown began: answered at once, never run.
      const id = requestIdOfLine(line);
      if (id !== null) this.reply(id, SHUTTING_DOWN, `Request not started: the server is shutting down (${this.stoppingWhy}).`);
      return;
    }
    this.backlog.push(line);
    this.pump();
  }

  // Dispatches waiting lines while few enough requests run and the pipe has room; stops
  // reading stdin while any wait, so what a client pipelines stays in its pipe, not here.
  private pump(): void {
    while (this.backlog.length > 0 && !this.closed && !this.waitingForDrain && this.pending.size < MAX_IN_FLIGHT) {
      this.receive(this.backlog.shift()!);
    }
    if (this.closed) return;
    // While shutting down, what arrives is only answered (see enqueue): read on unless the pipe is full.
    if (this.waitingForDrain || (this.backlog.length > 0 && !this.stopping)) this.input.pause();
    else this.input.resume();
  }

  private receive(line: string): void {
    if (this.closed) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.reply(null, ERROR_CODES.PARSE_ERROR.jsonRpc, `Parse error: ${(error as Error).message}`);
      return;
    }
    if (Array.isArray(value)) return this.refuseBatch(value);
    if (value !== null && typeof value === "object" && Object.hasOwn(value, "__proto__")) {
      // JSON.parse makes "__proto__" an ordinary own key; no JSON-RPC member has that name, so
      // it is ignored like any unknown member rather than left to confuse what reads the object.
      delete (value as Record<string, unknown>)["__proto__"];
    }
    const idProblem = checkRequestId(value);
    if (idProblem) return this.reply(idProblem.replyId, -32600, idProblem.message);
    let message: JSONRPCMessage;
    try {
      message = toJsonRpcMessage(value);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.reply(replyableId(value), error.jsonRpcCode, error.message);
      return;
    }
    if ("method" in message && "id" in message) {
      // A 2026-07-28 request carries its protocol version in _meta and needs no initialize.
      if (message.method === "initialize" || message.method === "server/discover" || hasClaim2026(message)) this.initializeSeen = true;
      else if (!this.initializeSeen && message.method !== "ping") {
        return this.reply(
          message.id,
          -32600,
          `Invalid Request: "${clip(message.method)}" before initialize. Send initialize first; only ping is answered before it.`,
        );
      }
      // A subscriptions/listen stream (2026) stays open for the connection's life: not work in flight.
      if (message.method !== "subscriptions/listen") this.pending.add(message.id);
    } else if ("method" in message && message.method === "notifications/cancelled") {
      // The SDK answers nothing for a call the client cancelled: it is no longer in flight.
      const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if ((typeof requestId === "string" || typeof requestId === "number") && this.pending.delete(requestId)) {
        queueMicrotask(() => {
          this.checkIdle();
          this.pump();
        });
      }
    }
    this.onmessage?.(message);
  }

  private refuseBatch(batch: unknown[]): void {
    for (const refusal of batchRefusals(batch, "Send each message on its own line.")) this.reply(refusal.id, refusal.error.code, refusal.error.message);
  }

  private oversize(bytes: number, head: string): void {
    if (this.stopping || this.closed) return;
    const id = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,15})\s*[,}]/.exec(head)?.[1];
    this.reply(
      id === undefined ? null : (JSON.parse(id) as string | number),
      ERROR_CODES.PARSE_ERROR.jsonRpc,
      `Parse error: a message of ${bytes} bytes or more was discarded unread; the limit is ${this.limits.maxLineBytes} bytes per message.`,
    );
  }

  private reply(id: string | number | null, code: number, message: string): void {
    this.queue(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
  }

  // Replies produced while handling one chunk of stdin leave in one write: under load that is
  // one system call for many messages instead of one each.
  private queue(line: string): void {
    this.outgoing += line;
    if (this.outgoing.length >= FLUSH_AT_BYTES) return this.flush();
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private readonly flush = (): void => {
    if (this.closed || !this.outgoing) return;
    const chunk = this.outgoing;
    this.outgoing = "";
    this.writeOut(chunk);
  };

  // Backpressure: when the pipe is full, stop reading requests until it drains. What is already
  // running still answers (into Node's buffer), but no new work starts, so memory stays bounded
  // by the requests in flight instead of growing with everything the client keeps sending.
  private writeOut(chunk: string): void {
    if (this.output.write(chunk) || this.waitingForDrain) return;
    this.waitingForDrain = true;
    this.input.pause();
    this.output.onDrain(() => {
      this.waitingForDrain = false;
      this.pump();
    });
  }
}

function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
