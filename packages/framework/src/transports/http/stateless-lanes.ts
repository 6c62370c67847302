import type { JSONRPCMessage, WireAuthInfo } from "../../runtime/sdk/sdk.js";
import { connectLane, type ProtocolServer } from "../../runtime/sdk/sdk.js";
import type { PlainAnswer } from "./plain-answer.js";
import { laneTransport } from "../../runtime/sdk/lane-transport.js";
import { CallsById, type ById } from "../../runtime/sdk/calls-by-id.js";
import { CallAnswer, KeptAlive } from "./call-answer.js";
import { InFlightList, type Listed } from "../../runtime/sdk/in-flight-list.js";

/** A JSON-RPC request as it arrived (checked by `isPlainRequest`). */
export type LaneRequest = { jsonrpc: "2.0"; id: string | number; method: string; params?: Record<string, unknown> };

/** One request in flight on a lane, until its answer is out or its client is gone. */
interface Exchange extends Listed, ById {
  readonly lane: Lane;
  readonly id: string | number;
  readonly answer: CallAnswer;
  /** Stops listening for the client going away. */
  stopWatching(): void;
  /** True while the request is being handed to its server: an answer then came before any handler ran. */
  dispatching: boolean;
  /** Serves the request on a server of its own, when its lane does not. */
  readonly elsewhere: () => Promise<PlainAnswer | Response>;
}

// Lanes beyond this (as many calls with the same id at once) take the one-server-per-request path.
const MAX_LANES = 256;

/** What a lane's protocol server is reached through. */
export interface LaneLink {
  /** Hands `message` to the server, with the HTTP request it came in and the verified token. */
  deliver(message: JSONRPCMessage, http: { request?: Request; authInfo?: WireAuthInfo }): void;
  close(): Promise<void>;
}

/** How the lanes of one era are opened and answer. */
export interface LaneOptions {
  /** Opens a lane: a kept protocol server whose sent messages go to `send`; undefined when it cannot be opened. */
  open(send: (message: JSONRPCMessage, relatedRequestId: string | number | undefined) => void): Promise<LaneLink | undefined>;
  /** The HTTP status of an answer sent as a JSON body (200 unless given). */
  statusOf?(message: JSONRPCMessage): number;
  /**
   * Whether an error answered before any handler ran (an unknown method) is left to the SDK's own
   * entry (`dispatch` resolves undefined), which gives it the HTTP status it gives such errors.
   */
  earlyErrorsElsewhere?: boolean;
  /** After how long a call with nothing sent yet answers as a stream; never when undefined. */
  upgradeMs?: number;
}

/**
 * The 2025-11-25 lanes: a transport of our own per kept server, behind the server's door (a plain
 * `tools/call` is served by its direct branch), connected at once.
 */
export function laneOptions2025(newServer: () => ProtocolServer): LaneOptions {
  return {
    upgradeMs: 10_000,
    async open(send) {
      const server = newServer();
      const transport = laneTransport(send);
      await connectLane(server, transport);
      return { deliver: (message, http) => transport.onmessage?.(message, http), close: () => server.close() };
    },
  };
}

/**
 * Serves the plain requests of one era (`tools/call`, the lists, reads, `ping`: 2025-11-25 on a
 * stateless endpoint, 2026-07-28 on any) on protocol servers made once and kept, instead of one
 * made and closed per request; `LaneOptions.open` says how a server is made and connected.
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
  // Added to and removed from on every request: a list, not a Set (see InFlightList).
  private readonly exchanges = new InFlightList<Exchange>();
  private readonly keptAlive: KeptAlive;
  private closed = false;

  constructor(private readonly options: LaneOptions) {
    // A call still running after `upgradeMs` answers as a stream, so its client has the headers.
    this.keptAlive = new KeptAlive(options.upgradeMs);
  }

  /**
   * Sends `request` to a lane; resolves with its answer. `onClientGone` tells it when the client leaves
   * first (the call is cancelled, so the tool's signal aborts); `httpRequest` gives the HTTP
   * request it came in, for the handler's context. `elsewhere` serves it on a server of its own
   * when no lane does: every lane is busy with this id, the lanes are closed, the lane could not
   * be opened, or (`earlyErrorsElsewhere`) the server refused it before any handler ran. Not an
   * async function: on an open lane the answer is the one promise the request waits on.
   */
  dispatch(
    request: LaneRequest,
    auth: { authInfo?: WireAuthInfo },
    onClientGone: (listener: () => void) => () => void,
    httpRequest: () => Request,
    elsewhere: () => Promise<PlainAnswer | Response>,
  ): Promise<PlainAnswer | Response> {
    const lane = this.closed ? undefined : this.laneFor(request.id);
    if (!lane) return elsewhere();
    // Taken before the lane is open: the next request with this id must see the lane busy.
    const exchange: Exchange = {
      lane,
      id: request.id,
      // The client stopped reading the stream (it left): cancel the call, as when it leaves before any byte.
      answer: new CallAnswer(() => this.cancel(exchange, "The client closed the HTTP request.")),
      dispatching: false,
      stopWatching: () => undefined,
      elsewhere,
      listedAt: -1,
      byIdAt: -1,
    };
    lane.inFlight.add(exchange);
    this.exchanges.add(exchange);
    this.keptAlive.add(exchange.answer);
    // Watched until the call is done, not only until its answer starts: a client that leaves
    // mid-stream cancels the call too (the body of a web Response is not always cancelled then).
    exchange.stopWatching = onClientGone(() => this.cancel(exchange, "The client closed the HTTP request."));
    if (lane.link) this.send(exchange, request, auth, httpRequest);
    else void lane.opening!.then(() => this.send(exchange, request, auth, httpRequest));
    // Settled with what `elsewhere` answers wherever a lane does not serve it: never undefined.
    return exchange.answer.body as Promise<PlainAnswer | Response>;
  }

  private send(exchange: Exchange, request: LaneRequest, auth: { authInfo?: WireAuthInfo }, httpRequest: () => Request): void {
    const lane = exchange.lane;
    if (!lane.link) {
      // The lane could not be opened (it is gone from the list already): the request is served elsewhere.
      if (this.finish(exchange)) exchange.answer.settleWith(Promise.resolve().then(exchange.elsewhere));
      return;
    }
    // The HTTP request goes with it, as the SDK's own transport sends it: the caller's identity
    // (an anonymous caller's remote address) is read from it (runtime/identity/caller-identity.ts).
    if (this.exchanges.has(exchange)) {
      exchange.dispatching = true;
      lane.link.deliver(request as JSONRPCMessage, { request: httpRequest(), ...(auth.authInfo ? { authInfo: auth.authInfo } : {}) });
      exchange.dispatching = false;
    }
  }

  /** Closes every lane's server; a call still in flight is answered with a JSON-RPC error saying so. */
  async close(): Promise<void> {
    this.closed = true;
    this.keptAlive.stop();
    for (const exchange of this.exchanges.snapshot()) {
      this.deliver(
        exchange.lane,
        { jsonrpc: "2.0", id: exchange.id, error: { code: -32000, message: "Server is shutting down." } } as JSONRPCMessage,
        undefined,
      );
    }
    await Promise.allSettled(this.lanes.map((lane) => lane.close()));
  }

  private laneFor(id: string | number): Lane | undefined {
    for (const lane of this.lanes) if (lane.inFlight.get(id) === undefined) return lane;
    if (this.lanes.length >= MAX_LANES) return undefined;
    const lane = new Lane();
    this.lanes.push(lane);
    lane.opening = this.options
      .open((message, related) => this.deliver(lane, message, related))
      .then(
        (link) => {
          lane.link = link;
          if (!link || this.closed) this.drop(lane);
          // Closed meanwhile, or retired with nothing left to run (its only call was cancelled while it opened).
          if (link && (this.closed || (lane.retired && lane.inFlight.size === 0))) void link.close().catch(() => undefined);
        },
        () => this.drop(lane),
      );
    return lane;
  }

  private drop(lane: Lane): void {
    const index = this.lanes.indexOf(lane);
    if (index !== -1) this.lanes.splice(index, 1);
    lane.retired = true;
  }

  /** Called by a lane's transport for each message its server sends. */
  deliver(lane: Lane, message: JSONRPCMessage, relatedRequestId: string | number | undefined): void {
    const isAnswer = "id" in message && ("result" in message || "error" in message);
    const id = isAnswer ? (message as { id: string | number }).id : relatedRequestId;
    // Nothing tied to a request (a list change): a stateless endpoint has no stream for it.
    const exchange = id === undefined ? undefined : lane.inFlight.get(id);
    if (!exchange) return;
    if (isAnswer && exchange.dispatching && "error" in message && this.options.earlyErrorsElsewhere) {
      this.finish(exchange);
      // A microtask later: not from inside the lane's own delivery of the request.
      return exchange.answer.settleWith(Promise.resolve().then(exchange.elsewhere));
    }
    if (!isAnswer) return exchange.answer.send(message);
    this.finish(exchange);
    // The status counts only for a JSON body (a stream's is 200 already).
    exchange.answer.answer(message, this.options.statusOf?.(message));
  }

  // The SDK's own way to stop a handler: the cancellation notification, which aborts its signal
  // and drops its answer. A handler that ignores its signal may still be running and sending
  // messages under this id, so its lane takes no new request: it is retired, and its server is
  // closed once its last call is done (as a one-request server is when its client leaves).
  private cancel(exchange: Exchange, reason: string): void {
    if (!this.finish(exchange)) return;
    const lane = exchange.lane;
    lane.link?.deliver({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: exchange.id, reason } } as JSONRPCMessage, {});
    this.drop(lane);
    if (lane.inFlight.size === 0) void lane.close();
    // The client is gone, so this answer reaches no one, but the request must end: until it does it
    // counts as in flight, and a server's close() would wait for it to its deadline.
    const body = JSON.stringify({ jsonrpc: "2.0", id: exchange.id, error: { code: -32000, message: `Request cancelled: ${reason}` } });
    exchange.answer.settleWith({ status: 200, headers: { "content-type": "application/json" }, body });
  }

  private finish(exchange: Exchange): boolean {
    if (!this.exchanges.delete(exchange)) return false;
    this.keptAlive.delete(exchange.answer);
    exchange.stopWatching();
    const lane = exchange.lane;
    lane.inFlight.delete(exchange);
    if (lane.retired && lane.inFlight.size === 0) void lane.close();
    return true;
  }
}

const exchangeId = (exchange: Exchange): string | number => exchange.id;

/** One kept protocol server and the link that connects it to HTTP exchanges. */
class Lane {
  // Added to and removed from on every request: not a Map (see CallsById).
  readonly inFlight = new CallsById<Exchange>(exchangeId);
  /** Set once the lane is open. */
  link: LaneLink | undefined;
  /** Until the lane is open (or known not to open). */
  opening: Promise<void> | undefined;
  /** Set once a call on it was cancelled: it takes no new request, and closes when its last is done. */
  retired = false;

  close(): Promise<void> {
    return this.link ? this.link.close().catch(() => undefined) : Promise.resolve();
  }
}
