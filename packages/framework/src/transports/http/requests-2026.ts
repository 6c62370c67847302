import { createHttpHandler2026, type HttpHandler2026, type toWireAuth } from "../../runtime/sdk/sdk.js";
import { answerStatus2026, openLane2026, type Route2026 } from "../../runtime/sdk/sdk-lane-2026.js";
import type { ServerChange } from "../../runtime/server-app.js";
import type { HttpServing } from "./http-serving.js";
import type { ResolvedHttpOptions } from "./http-options.js";
import { refusalResponse } from "./json-responses.js";
import { ListenShares } from "./listen-shares.js";
import { isListen } from "./message-kinds.js";
import type { PlainAnswer } from "./plain-answer.js";
import type { RequestView } from "./request-view.js";
import { StatelessLanes } from "./stateless-lanes.js";

/**
 * The 2026-07-28 requests of one HTTP handler, stateless by design whatever `--stateless` says.
 * Plain requests share kept protocol servers pinned to the era, as a stdio connection's is; a
 * `subscriptions/listen` stream is admitted against its caller's share; everything else, and
 * whatever a kept server refuses before any handler ran, goes to the SDK's entry, which answers
 * it with the HTTP status it gives such errors.
 */
export class Requests2026 {
  private readonly entry: HttpHandler2026;
  private readonly lanes: StatelessLanes;
  private readonly listens: ListenShares;

  constructor(serving: HttpServing, options: ResolvedHttpOptions) {
    // One protocol server per request for what the SDK's entry answers.
    this.entry = createHttpHandler2026((era) => serving.newServer({ stateless: true, era }), {
      maxRequestBodySize: options.maxBodyBytes,
      maxSubscriptions: options.maxListens,
      ...(options.stores.bus ? { bus: options.stores.bus } : {}),
    });
    this.lanes = new StatelessLanes({
      open: (send) => openLane2026(serving.newServer({ stateless: true, era: "2026-07-28" }), send),
      statusOf: answerStatus2026,
      earlyErrorsElsewhere: true,
    });
    this.listens = new ListenShares(options);
  }

  /** Tells the listening streams of a change the server made. */
  notify(change: ServerChange): void {
    if (change.kind === "resource") this.entry.notify.resourceUpdated(change.uri);
    else if (change.kind === "tools") this.entry.notify.toolsChanged();
    else if (change.kind === "prompts") this.entry.notify.promptsChanged();
    else this.entry.notify.resourcesChanged();
  }

  /**
   * Answers a POST the SDK classifies as 2026-07-28's (`route`), from the caller counted as `client`.
   * Not an async function: a plain call's answer is its lane's promise, with none of this function's around it.
   */
  post(
    request: RequestView,
    parsed: unknown,
    route: Exclude<Route2026, { kind: "2025-11-25" }>,
    wireAuth: ReturnType<typeof toWireAuth>,
    client: string,
  ): Promise<Response | PlainAnswer> {
    const viaEntry = () => this.viaEntry(request, parsed, wireAuth, client);
    return route.kind === "lane" ? this.lanes.dispatch(route.request, wireAuth, request.onClientGone, request.callerRequest, viaEntry) : viaEntry();
  }

  // Through the SDK's own entry, a protocol server for this request alone.
  private async viaEntry(request: RequestView, parsed: unknown, wireAuth: ReturnType<typeof toWireAuth>, client: string): Promise<Response> {
    if (!isListen(parsed)) return this.entry.fetch(request.toRequest(), { parsedBody: parsed, ...wireAuth });
    const admitted = this.listens.admit(client);
    if ("refusal" in admitted) return refusalResponse(admitted.refusal);
    try {
      return admitted.attach(await this.entry.fetch(request.toRequest(), { parsedBody: parsed, ...wireAuth }));
    } catch (error) {
      admitted.release();
      throw error;
    }
  }

  /** Closes every kept server and listening stream. */
  async close(): Promise<void> {
    await Promise.allSettled([this.entry.close(), this.lanes.close()]);
  }
}
