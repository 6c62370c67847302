import { connectRedis, type RedisConnection } from "./redis-connection.js";
import { RedisEventBus, type ServerEvent } from "./redis-event-bus.js";
import { RedisEventStore } from "./redis-event-store.js";
import { RedisTaskStore } from "./redis-task-store.js";

/** How to reach the shared store and which server's keys to use. */
export interface ScaleOptions {
  /** `redis://…` (Redis or Valkey). */
  url: string;
  /** Keeps the keys of different servers sharing one Redis apart; usually the server's name. */
  namespace: string;
  /** How long a 2025-era stream stays resumable after its last event (ms). Default 1 hour. */
  streamTtlMs?: number;
  /** How long start-up waits for Redis (ms). Default 5000. */
  connectTimeoutMs?: number;
  /** How long one Redis command may take before the call it serves fails (ms). Default 2000. */
  commandTimeoutMs?: number;
  /** Told about events that could not be shared through Redis. */
  onerror?: (error: Error) => void;
  /** Told, in words, when the connection to Redis is lost and when it is back. */
  onstatus?: (message: string) => void;
}

/** The shared stores of one server instance: streams, tasks and change events, all on one Redis. */
export interface ScaleStores {
  readonly redis: RedisConnection;
  readonly events: RedisEventStore;
  readonly tasks: RedisTaskStore;
  readonly bus: RedisEventBus<ServerEvent>;
  /** Whether Redis is connected right now (no round trip). */
  isReady(): boolean;
  /** Closes every Redis connection. */
  close(): Promise<void>;
}

/**
 * Connects an instance to the shared store. Throws a `ProtocolError` (STORE_UNAVAILABLE) naming
 * the address when Redis cannot be reached, so a server asked to use Redis never starts without it.
 */
export async function connectScale(options: ScaleOptions): Promise<ScaleStores> {
  const redis = await connectRedis({
    url: options.url,
    ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
    ...(options.commandTimeoutMs === undefined ? {} : { commandTimeoutMs: options.commandTimeoutMs }),
  });
  const prefix = keyPrefix(options.namespace);
  try {
    const bus = await RedisEventBus.open<ServerEvent>(redis, { prefix, ...(options.onerror ? { onerror: options.onerror } : {}) });
    let lost = false;
    let closing = false;
    redis.client.on("close", () => {
      if (lost || closing) return;
      lost = true;
      options.onstatus?.(`lost the connection to Redis at ${redis.where}; reconnecting (until then, streams are not resumable and shared tasks fail)`);
    });
    redis.client.on("ready", () => {
      if (!lost) return;
      lost = false;
      options.onstatus?.(`connected to Redis at ${redis.where} again`);
    });
    return {
      isReady: () => redis.isReady(),
      redis,
      events: new RedisEventStore(redis, { prefix, ...(options.streamTtlMs === undefined ? {} : { ttlMs: options.streamTtlMs }) }),
      tasks: new RedisTaskStore(redis, { prefix }),
      bus,
      close: () => {
        closing = true;
        return redis.close();
      },
    };
  } catch (error) {
    await redis.close();
    throw error;
  }
}

/**
 * The prefix of every key one server keeps in Redis. The braces are a Redis Cluster hash tag:
 * every key of the server lands in one slot, so each multi-key operation (a task's transaction,
 * a stream's event and its expiry) stays on one node, and the same code runs on one Redis and
 * on a Cluster.
 */
export function keyPrefix(namespace: string): string {
  return `{typemcp:${namespace}}:`;
}
