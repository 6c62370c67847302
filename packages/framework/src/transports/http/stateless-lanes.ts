import type { JSONRPCMessage, ProtocolServer, Transport, WireAuthInfo } from "../../runtime/sdk.js";
import { jsonAnswer, type PlainAnswer } from "./plain-answer.js";
import { unrefTimer } from "./platform.js";

/** A JSON-RPC request as it arrived (checked by `isPlainRequest`). */
export type LaneRequest = { jsonrpc: "2.0"; id: string | number; method: string; params?: Record<string, unknown> };

/** One request in flight on a lane, until its answer is out or its client is gone. */
interface Exchange {
  readonly lane: Lane;
  readonly id: string | number;
  readonly started: number;
  resolve(answer: PlainAnswer | Response): void;
  /** Set once the answer turned into an SSE stream. */
  stream?: { controller: ReadableStreamDefaultController<Uint8Array>; lastWrite: number };
}

/** The SSE answer's headers, as the SDK's own transport sends them. */
const SSE_HEADERS = { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" };

// A call still running after UPGRADE_MS answers as a stream, so the client has its headers and
// then a comment every KEEP_ALIVE_MS (the SDK's interval) instead of a silent socket that a
// client or proxy would time out; sweeps every SWEEP_MS decide both for all calls at once.
const UPGRADE_MS = 10_000;
const KEEP_ALIVE_MS = 15_000;
const SWEEP_MS = 5_000;
// Lanes beyond this (as many calls with the same id at once) take the one-server-per-request path.
const MAX_LANES = 256;

const encoder = new TextEncoder();

/**
 * Serves the plain 2025-11-25 requests of a stateless endpoint (`tools/call`, the lists, reads,
 * `ping`) on protocol servers made once and kept, instead of one made and closed per request.
 * A protocol server keys what is in flight by request id and clients pick their ids alone, so
 * each server is a lane that takes at most one call per id: a request goes to the first lane
 * whose calls do not use its id, and a new lane opens when every lane does. Such a server never
 * sees `initialize` or `logging/setLevel` (those keep a server of their own per request), so it
 * holds no state a request could leave for the next: it answers exactly as a fresh one would.
 *
 * The answer is a JSON body unless the request sends something tied to it first (progress, a
 * log message), which turns it into an SSE stream, as `responseMode: "auto"` does for 2026-07-28.
 */
export class StatelessLanes {
  private readonly lanes: Lane[] = [];
  private readonly exchanges = new Set<Exchange>();
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(private readonly newServer: () => ProtocolServer) {}

  /**
   * Sends `request` to a lane; resolves with its answer. `gone` tells it when the client leaves
   * first (the call is cancelled, so the tool's signal aborts); `httpRequest` gives the HTTP
   * request it came in, for the handler's context. Undefined when every lane is
   * busy with this id, or the lanes are closed: serve it on a server of its own then.
   */
  async dispatch(
    request: LaneRequest,
    auth: { authInfo?: WireAuthInfo },
    onClientGone: (listener: () => void) => () => void,
    httpRequest: () => Request,
  ): Promise<PlainAnswer | Response | undefined> {
    if (this.closed) return undefined;
    const lane = this.laneFor(request.id);
    if (!lane) return undefined;
    let resolve!: (answer: PlainAnswer | Response) => void;
    const answer = new Promise<PlainAnswer | Response>((r) => (resolve = r));
    // Taken before any await: the next request with this id must see the lane busy.
    const exchange: Exchange = { lane, id: request.id, started: Date.now(), resolve };
    lane.inFlight.set(request.id, exchange);
    this.exchanges.add(exchange);
    this.sweeper ??= unrefTimer(setInterval(() => this.sweep(), SWEEP_MS));
    const stop = onClientGone(() => this.cancel(exchange, "The client closed the HTTP request."));
    exchange.resolve = (value) => {
      stop();
      resolve(value);
    };
    if (lane.connecting) await lane.connecting;
    // The HTTP request goes with it, as the SDK's own transport sends it: the caller's identity
    // (an anonymous caller's remote address) is read from it (runtime/caller-identity.ts).
    if (this.exchanges.has(exchange))
      lane.transport.onmessage?.(request as JSONRPCMessage, { request: httpRequest(), ...(auth.authInfo ? { authInfo: auth.authInfo } : {}) });
    return answer;
  }

  /** Closes every lane's server; a call still in flight is answered with a JSON-RPC error saying so. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const exchange of this.exchanges) {
      this.deliver(
        exchange.lane,
        { jsonrpc: "2.0", id: exchange.id, error: { code: -32000, message: "Server is shutting down." } } as JSONRPCMessage,
        undefined,
      );
    }
    await Promise.allSettled(this.lanes.map((lane) => lane.server.close()));
  }

  private laneFor(id: string | number): Lane | undefined {
    for (const lane of this.lanes) if (!lane.inFlight.has(id)) return lane;
    if (this.lanes.length >= MAX_LANES) return undefined;
    const lane = new Lane(this.newServer(), this);
    this.lanes.push(lane);
    lane.connecting = lane.server.connect(lane.transport).then(() => {
      lane.connecting = undefined;
    });
    return lane;
  }

  /** Called by a lane's transport for each message its server sends. */
  deliver(lane: Lane, message: JSONRPCMessage, relatedRequestId: string | number | undefined): void {
    const isAnswer = "id" in message && ("result" in message || "error" in message);
    const id = isAnswer ? (message as { id: string | number }).id : relatedRequestId;
    // Nothing tied to a request (a list change): a stateless endpoint has no stream for it.
    const exchange = id === undefined ? undefined : lane.inFlight.get(id);
    if (!exchange) return;
    if (isAnswer && !exchange.stream) {
      this.finish(exchange);
      return exchange.resolve(jsonAnswer(message));
    }
    this.write(exchange, `event: message\ndata: ${JSON.stringify(message)}\n\n`);
    if (isAnswer) {
      this.finish(exchange);
      exchange.stream?.controller.close();
    }
  }

  private write(exchange: Exchange, frame: string): void {
    if (!exchange.stream) {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (c) => void (controller = c),
        // The client stopped reading (it left): cancel the call, as when it leaves before any byte.
        cancel: () => this.cancel(exchange, "The client closed the HTTP request."),
      });
      exchange.stream = { controller, lastWrite: 0 };
      exchange.resolve(new Response(body, { status: 200, headers: SSE_HEADERS }));
    }
    exchange.stream.lastWrite = Date.now();
    try {
      exchange.stream.controller.enqueue(encoder.encode(frame));
    } catch {
      // The stream is already closed (cancelled): the call was cancelled with it.
    }
  }

  // The SDK's own way to stop a handler: the cancellation notification, which aborts its signal
  // and drops its answer. A handler that ignores its signal may still be running and sending
  // messages under this id, so its lane takes no new request: it is retired, and its server is
  // closed once its last call is done (as a one-request server is when its client leaves).
  private cancel(exchange: Exchange, reason: string): void {
    if (!this.finish(exchange)) return;
    const lane = exchange.lane;
    lane.transport.onmessage?.({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: exchange.id, reason } } as JSONRPCMessage);
    const index = this.lanes.indexOf(lane);
    if (index !== -1) this.lanes.splice(index, 1);
    lane.retired = true;
    if (lane.inFlight.size === 0) void lane.server.close().catch(() => undefined);
  }

  private finish(exchange: Exchange): boolean {
    if (!this.exchanges.delete(exchange)) return false;
    const lane = exchange.lane;
    lane.inFlight.delete(exchange.id);
    if (lane.retired && lane.inFlight.size === 0) void lane.server.close().catch(() => undefined);
    return true;
  }

  private sweep(): void {
    const now = Date.now();
    for (const exchange of this.exchanges) {
      if (!exchange.stream) {
        if (now - exchange.started >= UPGRADE_MS) this.write(exchange, ": keepalive\n\n");
      } else if (now - exchange.stream.lastWrite >= KEEP_ALIVE_MS) this.write(exchange, ": keepalive\n\n");
    }
  }
}

/** One kept protocol server and the transport that connects it to HTTP exchanges. */
class Lane {
  readonly inFlight = new Map<string | number, Exchange>();
  readonly transport: Transport;
  /** Until the server is connected to `transport`. */
  connecting: Promise<void> | undefined;
  /** Set once a call on it was cancelled: it takes no new request, and closes when its last is done. */
  retired = false;

  constructor(
    readonly server: ProtocolServer,
    lanes: StatelessLanes,
  ) {
    this.transport = {
      start: async () => undefined,
      send: async (message, options) => lanes.deliver(this, message, options?.relatedRequestId),
      close: async () => this.transport.onclose?.(),
    };
  }
}
