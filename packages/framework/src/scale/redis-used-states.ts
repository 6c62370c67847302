import type { UsedStates } from "../runtime/rounds/used-states.js";
import { storeUnavailable, type RedisConnection } from "./redis-connection.js";

/**
 * {@link UsedStates} in Redis (`SET … NX PX`): a 2026-07-28 `requestState` used on one instance
 * is refused on every other. A lost Redis fails the request in words (STORE_UNAVAILABLE) rather
 * than let a state be used twice.
 */
export class RedisUsedStates implements UsedStates {
  constructor(
    private readonly redis: RedisConnection,
    private readonly options: { prefix: string },
  ) {}

  async claim(id: string, ttlMs: number): Promise<boolean> {
    try {
      return (await this.redis.client.set(`${this.options.prefix}used-state:${id}`, "1", "PX", ttlMs, "NX")) === "OK";
    } catch (error) {
      throw storeUnavailable("record a requestState as used", this.redis.where, error);
    }
  }
}
