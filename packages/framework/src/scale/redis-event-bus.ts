import { randomUUID } from "node:crypto";
import { storeUnavailable, type RedisClient, type RedisConnection } from "./redis-connection.js";

/**
 * A change a server announces to whoever listens, on any instance: the shape of the MCP SDK's
 * `ServerEvent` (list changes and resource updates, with optional notification params).
 */
export type ServerEvent = (
  | { kind: "tools_list_changed" }
  | { kind: "prompts_list_changed" }
  | { kind: "resources_list_changed" }
  | { kind: "resource_updated"; uri: string }
) & {
  params?: Record<string, unknown>;
};

/** The event bus seam (the SDK's `ServerEventBus`): publish to every listener, subscribe with an unsubscribe function back. */
export interface EventBus<E = ServerEvent> {
  publish(event: E): void;
  subscribe(listener: (event: E) => void): () => void;
}

/** Options for `RedisEventBus`. */
export interface RedisEventBusOptions {
  /** Key prefix shared by every instance of one server; the channel is `<prefix>events`. */
  prefix: string;
  /** Told about events that could not go through Redis (they still reach this instance's listeners). */
  onerror?: (error: Error) => void;
}

/**
 * An `EventBus` over Redis pub/sub: an event published on any instance reaches the listeners
 * of every instance, the publisher's included (through Redis, so all instances see one order).
 *
 * When Redis cannot take an event, it is delivered to this instance's listeners directly and
 * `onerror` is told; other instances miss it (pub/sub keeps nothing), which is what clients
 * of a lost instance would miss too. The subscription is renewed when Redis comes back.
 */
export class RedisEventBus<E = ServerEvent> implements EventBus<E> {
  private readonly listeners = new Set<(event: E) => void>();
  private readonly remoteListeners = new Set<(event: E) => void>();
  /** Tells this instance's events from the others' on the shared channel. */
  private readonly origin = randomUUID();

  private constructor(
    private readonly redis: RedisConnection,
    private readonly channel: string,
    private readonly onerror: ((error: Error) => void) | undefined,
  ) {}

  /** Opens the bus's subscriber connection; throws STORE_UNAVAILABLE when Redis cannot be reached. */
  static async open<E = ServerEvent>(redis: RedisConnection, options: RedisEventBusOptions): Promise<RedisEventBus<E>> {
    const bus = new RedisEventBus<E>(redis, `${options.prefix}events`, options.onerror);
    const subscriber: RedisClient = await redis.open();
    try {
      await subscriber.subscribe(bus.channel);
    } catch (error) {
      subscriber.disconnect();
      throw storeUnavailable("subscribe to server events", redis.where, error);
    }
    subscriber.on("message", (channel, message) => {
      if (channel !== bus.channel) return;
      const { o: origin, e: event } = JSON.parse(message) as { o: string; e: E };
      bus.deliver(event, origin === bus.origin ? bus.listeners : [...bus.listeners, ...bus.remoteListeners]);
    });
    return bus;
  }

  publish(event: E): void {
    this.redis.client.publish(this.channel, JSON.stringify({ o: this.origin, e: event })).catch((error: unknown) => {
      this.deliver(event, this.listeners);
      this.onerror?.(storeUnavailable("share a server event with other instances", this.redis.where, error));
    });
  }

  subscribe(listener: (event: E) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Registers a listener for the events other instances publish only: for whoever already
   * delivers this instance's own events directly (2025-era sessions, told in-process).
   */
  subscribeRemote(listener: (event: E) => void): () => void {
    this.remoteListeners.add(listener);
    return () => void this.remoteListeners.delete(listener);
  }

  private deliver(event: E, listeners: Iterable<(event: E) => void>): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
