import type { RedisConnection } from "./redis-connection.js";

/** How long a stream counts as being written after its writer last said so (ms). */
const LIVE_MS = 15_000;

/**
 * Which streams are still being written, as seen from any instance: the instance running a
 * request keeps a short-lived key per stream alive until the stream's response is stored. If
 * that instance dies mid-request, the key lapses within `LIVE_MS`, and a client following the
 * stream elsewhere is told so instead of waiting for an answer that will never come.
 */
export class StreamLiveness {
  /** Streams this instance writes and has not answered yet, with when each last had an event. */
  private readonly writing = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    /** A stream with no event for this long is no longer refreshed (a session's stream that simply ended). */
    private readonly idleMs: number,
  ) {}

  /** Records that this instance stored an event on `streamId`; `answered` when it was the response. */
  async stored(streamId: string, answered: boolean): Promise<void> {
    if (answered) {
      this.writing.delete(streamId);
      await this.redis.client.del(this.key(streamId));
      return;
    }
    const known = this.writing.has(streamId);
    this.writing.set(streamId, Date.now());
    if (!known) await this.redis.client.set(this.key(streamId), "1", "PX", LIVE_MS);
    this.timer ??= setInterval(() => void this.refresh(), LIVE_MS / 3).unref();
  }

  /** Whether some instance is still writing `streamId`. */
  async isLive(streamId: string): Promise<boolean> {
    return (await this.redis.client.exists(this.key(streamId))) === 1;
  }

  private async refresh(): Promise<void> {
    const now = Date.now();
    for (const [streamId, last] of this.writing) {
      if (now - last > this.idleMs) this.writing.delete(streamId);
      // A lost Redis is reported where it matters (the calls); a missed refresh only shortens a key's life.
      else await this.redis.client.pexpire(this.key(streamId), LIVE_MS).catch(() => undefined);
    }
    if (this.writing.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private key(streamId: string): string {
    return `${this.prefix}writing:${streamId}`;
  }
}
