import type { EventStore, toWireAuth } from "../../runtime/sdk/sdk.js";
import { createHttpTransport } from "../../runtime/sdk/sdk.js";
import { statelessReason } from "../../runtime/stateless-reason.js";
import { CloseAfterResponse } from "./close-after-response.js";
import type { HttpServing } from "./http-serving.js";
import type { ResolvedHttpOptions } from "./http-options.js";
import { refusalResponse } from "./json-responses.js";
import { laneRequestOf } from "./lane-request.js";
import { acceptsEventStream, isCancellation, isRequest, startsTask } from "./message-kinds.js";
import { ownedEventStore } from "./owned-streams.js";
import type { PlainAnswer } from "./plain-answer.js";
import type { RequestView } from "./request-view.js";
import { laneOptions2025, StatelessLanes } from "./stateless-lanes.js";

/**
 * The 2025-11-25 requests of a stateless endpoint (`--stateless`, Workers, Vercel): plain ones
 * share kept protocol servers (see `StatelessLanes`); one that streams, or whose answer must be
 * resumable on any instance, gets a protocol server of its own for that request alone.
 */
export class StatelessRequests {
  private readonly lanes: StatelessLanes;

  constructor(
    private readonly serving: HttpServing,
    private readonly options: ResolvedHttpOptions,
    private readonly eventStore: () => EventStore | undefined,
  ) {
    this.lanes = new StatelessLanes(laneOptions2025(() => this.newServer()));
  }

  /**
   * Answers one POST. `after` collects what waits for the answer to be sent; `owner` is the key
   * its stream's events are stored under, when they are (see owned-streams.ts). Not an async
   * function: a plain call's answer is its lane's promise, with none of this function's around it.
   */
  post(
    request: RequestView,
    parsed: unknown,
    wireAuth: ReturnType<typeof toWireAuth>,
    after: Array<() => void>,
    owner: string,
  ): Promise<Response | PlainAnswer> {
    if (isCancellation(parsed)) return Promise.resolve(this.cannotCancel());
    // Progress and log messages can only reach the client on an SSE answer: stream when it takes one.
    const stream = acceptsEventStream(request.header("accept"));
    const store = this.eventStore();
    // Only a request has an answer to resume (and to close the server after); a notification does
    // not, nor does a task-augmented call, answered at once with its task (its result is read on any instance).
    const resumable = stream && store !== undefined && this.options.stores.shared !== undefined && isRequest(parsed) && !startsTask(parsed);
    const plain = resumable ? undefined : laneRequestOf(parsed, request);
    const alone = () => this.serveAlone(request, parsed, wireAuth, after, owner, stream, resumable ? store : undefined);
    return plain ? this.lanes.dispatch(plain, wireAuth, request.onClientGone, request.callerRequest, alone) : alone();
  }

  // On a protocol server of its own, for this request alone; `store` when its answer is resumable.
  private async serveAlone(
    request: RequestView,
    parsed: unknown,
    wireAuth: ReturnType<typeof toWireAuth>,
    after: Array<() => void>,
    owner: string,
    stream: boolean,
    store: EventStore | undefined,
  ): Promise<Response | PlainAnswer> {
    const resumable = store !== undefined;
    const transport = createHttpTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !stream,
      maxRequestBodySize: this.options.maxBodyBytes,
      ...(resumable ? { eventStore: ownedEventStore(store, () => owner) } : {}),
    });
    const server = this.newServer();
    // When the answer is resumable on any instance (shared stores), the request runs on to its response.
    await server.connect(resumable ? new CloseAfterResponse(transport, server) : transport);
    if (resumable) return transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth });
    // The client went away before its answer: close the server, which aborts the handler's
    // signal, so a tool stops its upstream work for nobody.
    const close = (): void => void server.close();
    const stop = request.onClientGone(close);
    after.push(() => {
      stop();
      close();
    });
    return transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth });
  }

  /** Closes the kept servers. */
  close(): Promise<void> {
    return this.lanes.close();
  }

  private newServer() {
    return this.serving.newServer({ stateless: true, era: "2025-11-25" });
  }

  // No session ties this notification to the call it names, which may be running in another
  // process behind the same load balancer: say so, and how to cancel instead.
  private cannotCancel(): Response {
    return refusalResponse({
      status: 400,
      message: `notifications/cancelled cannot reach a call on a stateless server (${statelessReason().why}): no session links it to the request, which may run in another process. ${
        this.options.stores.shared
          ? "With shared stores (--redis, or Durable Objects on Workers) a 2025-11-25 call runs on when its client drops the stream, so that it can be resumed anywhere; to cancel calls, use protocol 2026-07-28, where closing the request is the way to cancel."
          : "Cancel a call by closing its HTTP request (the server stops the tool then), or use protocol 2026-07-28, where closing the request is the way to cancel."
      }`,
    });
  }
}
