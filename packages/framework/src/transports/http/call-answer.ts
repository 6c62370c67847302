import { messageJson } from "../../runtime/calls/kept-json.js";
import { messageParts } from "../../runtime/calls/message-parts.js";
import type { JSONRPCMessage } from "../../runtime/sdk/sdk.js";
import type { PlainAnswer } from "./plain-answer.js";
import { unrefTimer } from "./platform.js";
import { InFlightList, type Listed } from "../../runtime/sdk/in-flight-list.js";

/** The SSE answer's headers, as the SDK's own transport sends them. */
const SSE_HEADERS = { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" };

// A stream with nothing sent for this long gets a comment (the SDK's interval), so a client or
// proxy does not time out a silent socket; sweeps every SWEEP_MS decide it for every call at once.
const KEEP_ALIVE_MS = 15_000;
const SWEEP_MS = 5_000;

const encoder = new TextEncoder();

/** What an HTTP request waiting on a call is answered with; undefined: "serve it another way". */
export type CallAnswerBody = PlainAnswer | Response | undefined;

/**
 * The HTTP answer to one JSON-RPC call served straight by its protocol server (a stateless lane,
 * a session's direct path): a JSON body when the call's answer is the first thing it sends, else
 * an SSE stream that starts with the first message tied to the call (progress, a log message, a
 * question for the client) and ends with the answer, as the SDK's `responseMode: "auto"` does.
 */
export class CallAnswer implements Listed {
  readonly started = Date.now();
  /** Its place among the answers kept alive (`KeptAlive`). */
  listedAt = -1;
  /** What the HTTP request is answered with, once known. */
  readonly body: Promise<CallAnswerBody>;
  private settle!: (body: CallAnswerBody | Promise<CallAnswerBody>) => void;
  private stream: { controller: ReadableStreamDefaultController<Uint8Array>; lastWrite: number } | undefined;

  /** `onClientStopped`: the client stopped reading the stream (it left); `headers` go with either kind of answer (names in lower case). */
  constructor(
    private readonly onClientStopped: () => void,
    private readonly headers: Record<string, string> = {},
  ) {
    this.body = new Promise((resolve) => (this.settle = resolve));
  }

  /** The call's answer, which ends the exchange; `status` for a JSON body (a stream's is 200 already). */
  answer(message: JSONRPCMessage, status = 200): void {
    // A text of megabytes goes in parts, made as they are written (see messageParts).
    const parts = messageParts(message);
    const { json, bytes } = parts === undefined ? messageJson(message) : { json: "", bytes: undefined };
    if (!this.stream) return this.settle({ status, headers: { ...this.headers, "content-type": "application/json" }, body: parts ? { parts } : json, bytes });
    this.write("event: message\ndata: ");
    for (const part of parts ?? [json]) this.write(part);
    this.write("\n\n");
    this.closeStream();
  }

  /** A message tied to the call before its answer: the answer becomes a stream, if not yet one. */
  send(message: JSONRPCMessage): void {
    this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  /** Answers with `body`, or what it resolves to (when no stream has started: a stream can only end). */
  settleWith(body: CallAnswerBody | Promise<CallAnswerBody>): void {
    if (this.stream) this.closeStream();
    else this.settle(body);
  }

  /**
   * Keeps a client's connection alive: a call still silent after `upgradeMs` becomes a stream (so
   * its client has the headers), and a stream quiet for 15 s gets a comment.
   */
  keepAlive(now: number, upgradeMs: number | undefined): void {
    if (!this.stream) {
      if (upgradeMs !== undefined && now - this.started >= upgradeMs) this.write(": keepalive\n\n");
    } else if (now - this.stream.lastWrite >= KEEP_ALIVE_MS) this.write(": keepalive\n\n");
  }

  private write(frame: string): void {
    if (!this.stream) {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (c) => void (controller = c),
        cancel: () => this.onClientStopped(),
      });
      this.stream = { controller, lastWrite: 0 };
      this.settle(new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...this.headers } }));
    }
    this.stream.lastWrite = Date.now();
    try {
      this.stream.controller.enqueue(encoder.encode(frame));
    } catch {
      // The stream is already closed (the client left).
    }
  }

  private closeStream(): void {
    try {
      this.stream?.controller.close();
    } catch {
      // Already closed or cancelled by the client.
    }
  }
}

/**
 * The calls whose answers are kept alive (see `CallAnswer.keepAlive`): one timer for all of
 * them, running only while there is one, and never holding the process open.
 */
export class KeptAlive {
  // Added to and removed from on every call: a list, not a Set (see InFlightList).
  private readonly answers = new InFlightList<CallAnswer>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly upgradeMs: number | undefined) {}

  add(answer: CallAnswer): void {
    this.answers.add(answer);
    // Often enough to upgrade a silent call about when it is due (and no less often than keep-alives need).
    this.sweeper ??= unrefTimer(setInterval(() => this.sweep(), Math.min(SWEEP_MS, (this.upgradeMs ?? SWEEP_MS) / 2)));
  }

  delete(answer: CallAnswer): void {
    this.answers.delete(answer);
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private sweep(): void {
    if (this.answers.size === 0) return this.stop();
    const now = Date.now();
    for (const answer of this.answers.snapshot()) answer.keepAlive(now, this.upgradeMs);
  }
}
