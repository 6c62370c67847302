import type { Refusal } from "./request-guards.js";
import { unrefTimer } from "./platform.js";
import { watchBody } from "./watch-body.js";

/** The limits of {@link ListenShares}. */
export interface ListenPolicy {
  /** Most `subscriptions/listen` streams open at once on this instance. */
  maxListens: number;
  /** Most of them one client may hold. */
  maxListensPerClient: number;
  /** A stream that has delivered no notification for this long is closed (ms). */
  listenIdleMs: number;
}

/**
 * The open 2026-07-28 `subscriptions/listen` streams of one HTTP server, counted per client (the
 * authenticated principal when there is one, else the remote address; see `ownerKeyOf`), so
 * that one client cannot take every stream and lock the others out: past its share it is
 * refused, and others keep theirs. A stream that has delivered nothing but keep-alives for
 * `listenIdleMs` is closed; a client that still wants changes listens again.
 */
export class ListenShares {
  private readonly held = new Map<string, number>();
  private total = 0;

  constructor(private readonly policy: ListenPolicy) {}

  /**
   * Counts a new stream for `client` against the limits: a refusal when over one, else `attach`,
   * which takes the stream's response and releases the count once its body ends (or its client
   * leaves), or `release` when no stream came of it.
   */
  admit(client: string): { refusal: Refusal } | { attach(response: Response): Response; release(): void } {
    const own = this.held.get(client) ?? 0;
    if (own >= this.policy.maxListensPerClient) {
      return {
        refusal: {
          status: 429,
          message: `Too many subscriptions/listen streams from this client (its share is ${this.policy.maxListensPerClient}); close one before opening another.`,
          headers: { "Retry-After": "30" },
        },
      };
    }
    if (this.total >= this.policy.maxListens) {
      return {
        refusal: {
          status: 503,
          message: `Too many subscriptions/listen streams on this server (limit ${this.policy.maxListens}); try again later.`,
          headers: { "Retry-After": "30" },
        },
      };
    }
    this.held.set(client, own + 1);
    this.total++;
    const release = (): void => {
      this.total--;
      const left = (this.held.get(client) ?? 1) - 1;
      if (left > 0) this.held.set(client, left);
      else this.held.delete(client);
    };
    return { attach: (response) => closeWhenIdle(response, this.policy.listenIdleMs, release), release };
  }
}

// Keep-alive comments (": …") are not activity: a stream counts as used while events reach it.
function closeWhenIdle(response: Response, idleMs: number, release: () => void): Response {
  const decoder = new TextDecoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watched = watchBody(response, {
    onChunk(chunk) {
      if (!/^data:/m.test(decoder.decode(chunk, { stream: true }))) return;
      clearTimeout(timer);
      timer = unrefTimer(setTimeout(() => watched.stop(), idleMs));
    },
    onDone() {
      clearTimeout(timer);
      release();
    },
  });
  timer = unrefTimer(setTimeout(() => watched.stop(), idleMs));
  return watched.response;
}
