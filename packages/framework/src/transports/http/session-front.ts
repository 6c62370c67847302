import type { JSONRPCMessage } from "../../runtime/sdk/sdk.js";
import { type ReceiveExtra, type SendOptions, TransportInFront } from "../../runtime/sdk/transport-in-front.js";
import { CallAnswer, KeptAlive } from "./call-answer.js";
import type { PlainAnswer } from "./plain-answer.js";
import type { LaneRequest } from "./stateless-lanes.js";

type Id = string | number;

/** A call served by a session's direct path, until its answer is out. */
interface DirectCall {
  readonly answer: CallAnswer;
  /** Stops listening for the client going away. */
  readonly stopWatching: () => void;
  /** Set once its client left: what the call still sends reaches no one. */
  gone: boolean;
}

/** An answer that ends without a message: what a cancelled call's stream is on the SDK's path. */
const NOTHING_MORE = { status: 200, headers: { "content-type": "text/event-stream" }, body: "" };

// A call still silent after this answers as a stream, so its client has the headers and knows
// the call is running (the SDK's own session streams send their headers at once); a quick call
// is answered before, in one JSON body.
const UPGRADE_MS = 500;

/**
 * What a 2025-11-25 session's protocol server is connected to: the SDK's HTTP transport, with a
 * direct path beside it for the session's plain requests (`tools/call`, the lists, reads). A
 * plain request is handed straight to the session's server and its answer comes back as a JSON
 * body, or as an SSE stream once the call sends something tied to it first (progress, a log
 * message, a question for the client), without the SDK transport's web `Request`, stream and
 * per-request bookkeeping. Everything else (initialize, notifications, the client's answers to
 * the server's questions, the GET stream, resumable streams) takes the SDK's path, which keeps
 * the session's state; messages the server sends that belong to no direct call go there too.
 */
export class SessionFront extends TransportInFront {
  // Each made on first use: most sessions are idle most of the time, and an idle session should
  // hold as little as it can (empty maps and sets included).
  private direct: Map<Id, DirectCall> | undefined;
  // Requests that came through the SDK's path and are unanswered: a direct call never takes one
  // of their ids, so each answer goes back the way its request came.
  private viaSdk: Set<Id> | undefined;
  private keptAlive: KeptAlive | undefined;

  /**
   * Serves `request` on the direct path: resolves with its HTTP answer. Undefined when its id is
   * already in flight in this session (the SDK's path then judges the reuse).
   */
  serve(request: LaneRequest, extra: ReceiveExtra, onClientGone: (listener: () => void) => () => void): Promise<PlainAnswer | Response> | undefined {
    const id = request.id;
    if (this.direct?.has(id) || this.viaSdk?.has(id)) return undefined;
    // The session's id on every answer, as the SDK's transport sends it.
    const answer = new CallAnswer(() => this.leave(id), this.sessionId === undefined ? {} : { "mcp-session-id": this.sessionId });
    (this.direct ??= new Map()).set(id, { answer, stopWatching: onClientGone(() => this.leave(id)), gone: false });
    (this.keptAlive ??= new KeptAlive(UPGRADE_MS)).add(answer);
    this.onmessage?.(request as JSONRPCMessage, extra);
    // Never settled with undefined here: a direct call is always answered on this path.
    return answer.body as Promise<PlainAnswer | Response>;
  }

  override send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    const answer = isAnswer(message);
    const id = answer ? (message as { id: Id }).id : options?.relatedRequestId;
    const call = id === undefined ? undefined : this.direct?.get(id);
    if (!call) {
      if (answer) this.viaSdk?.delete(id!);
      return this.inner.send(message, options);
    }
    if (answer) this.finish(id!, call);
    if (call.gone) return Promise.resolve();
    if (answer) call.answer.answer(message);
    else call.answer.send(message);
    return Promise.resolve();
  }

  protected override receive(message: JSONRPCMessage, extra?: ReceiveExtra): void {
    const request = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
    if (typeof request.method === "string") {
      if (typeof request.id === "string" || typeof request.id === "number") (this.viaSdk ??= new Set()).add(request.id);
      // The SDK stops a cancelled call's handler and, as the spec says, sends no answer: end its
      // HTTP answer here (an empty stream), or it would wait for an answer that never comes.
      else if (request.method === "notifications/cancelled") this.cancelled(request.params?.requestId);
    }
    super.receive(message, extra);
  }

  protected override closed(): void {
    // The session closed under its calls: each is told, as a stateless server tells its own.
    for (const [id, call] of this.direct ?? []) {
      this.finish(id, call);
      call.answer.answer({ jsonrpc: "2.0", id, error: { code: -32000, message: "The session was closed." } } as JSONRPCMessage);
    }
    this.keptAlive?.stop();
    super.closed();
  }

  private cancelled(id: unknown): void {
    if (typeof id !== "string" && typeof id !== "number") return;
    // A cancelled request of the SDK's path gets no answer either: its id is free again.
    this.viaSdk?.delete(id);
    const call = this.direct?.get(id);
    if (!call) return;
    this.finish(id, call);
    call.answer.settleWith(NOTHING_MORE);
  }

  // The client left before its answer: as on the SDK's path, the call runs on in the session
  // (its client may still want what it does) and what it sends is dropped.
  private leave(id: Id): void {
    const call = this.direct?.get(id);
    if (!call || call.gone) return;
    call.gone = true;
    call.stopWatching();
    this.keptAlive?.delete(call.answer);
    call.answer.settleWith(NOTHING_MORE);
  }

  private finish(id: Id, call: DirectCall): void {
    this.direct?.delete(id);
    this.keptAlive?.delete(call.answer);
    call.stopWatching();
  }
}

function isAnswer(message: JSONRPCMessage): boolean {
  return "id" in message && ("result" in message || "error" in message);
}
