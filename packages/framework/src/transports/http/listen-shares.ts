import type { ServerResponse } from "node:http";
import type { Refusal } from "./request-guards.js";

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
 * authenticated principal when there is one, else the remote address; see `clientKeyOf`), so
 * that one client cannot take every stream and lock the others out: past its share it is
 * refused, and others keep theirs. A stream that has delivered nothing but keep-alives for
 * `listenIdleMs` is closed; a client that still wants changes listens again.
 */
export class ListenShares {
  private readonly held = new Map<string, number>();
  private total = 0;

  constructor(private readonly policy: ListenPolicy) {}

  /** Counts a new stream for `client` against the limits, and releases it once `res` closes; a refusal when over a limit. */
  admit(client: string, res: ServerResponse): Refusal | undefined {
    const own = this.held.get(client) ?? 0;
    if (own >= this.policy.maxListensPerClient) {
      return {
        status: 429,
        message: `Too many subscriptions/listen streams from this client (its share is ${this.policy.maxListensPerClient}); close one before opening another.`,
        headers: { "Retry-After": "30" },
      };
    }
    if (this.total >= this.policy.maxListens) {
      return {
        status: 503,
        message: `Too many subscriptions/listen streams on this server (limit ${this.policy.maxListens}); try again later.`,
        headers: { "Retry-After": "30" },
      };
    }
    this.held.set(client, own + 1);
    this.total++;
    res.once("close", () => {
      this.total--;
      const left = (this.held.get(client) ?? 1) - 1;
      if (left > 0) this.held.set(client, left);
      else this.held.delete(client);
    });
    closeWhenIdle(res, this.policy.listenIdleMs);
    return undefined;
  }
}

// Keep-alive comments (": …") are not activity: a stream counts as used while events reach it.
function closeWhenIdle(res: ServerResponse, idleMs: number): void {
  let timer = setTimeout(() => res.end(), idleMs).unref();
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const text = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array ? Buffer.from(chunk).toString("utf8") : "";
    if (/^data:/m.test(text)) {
      clearTimeout(timer);
      timer = setTimeout(() => res.end(), idleMs).unref();
    }
    return write(chunk, ...rest);
  }) as ServerResponse["write"];
  res.once("close", () => clearTimeout(timer));
}
