/**
 * The one module that imports the Redis client (`ioredis`, an optional peer dependency). It is
 * loaded with `import()` only when Redis is asked for, so a server that never uses Redis never
 * evaluates (or, bundled, never contains) the client.
 */
import { ProtocolError } from "../errors/protocol-error.js";

/** The Redis commands typemcp's stores use, typed as they answer. */
export interface RedisClient {
  xadd(key: string, ...args: (string | number)[]): Promise<string | null>;
  xrange(key: string, start: string, end: string, count: "COUNT", n: number): Promise<[id: string, fields: string[]][]>;
  xread(...args: (string | number)[]): Promise<[key: string, entries: [id: string, fields: string[]][]][] | null>;
  exists(key: string): Promise<number>;
  info(section: string): Promise<string>;
  pexpire(key: string, ms: number): Promise<number>;
  get(key: string): Promise<string | null>;
  getdel(key: string): Promise<string | null>;
  set(key: string, value: string, ...args: (string | number)[]): Promise<string | null>;
  del(...keys: string[]): Promise<number>;
  hgetall(key: string): Promise<Record<string, string>>;
  zadd(key: string, score: number, member: string): Promise<number | string>;
  zrange(key: string, start: number, stop: number): Promise<string[]>;
  zrem(key: string, ...members: string[]): Promise<number>;
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  multi(): RedisTransaction;
  on(event: "message", listener: (channel: string, message: string) => void): unknown;
  on(event: "error" | "ready" | "end" | "close" | "reconnecting", listener: (arg?: unknown) => void): unknown;
  readonly status: string;
  quit(): Promise<unknown>;
  disconnect(): void;
}

/** A MULTI … EXEC transaction of the commands the event store queues. */
export interface RedisTransaction {
  xadd(key: string, ...args: (string | number)[]): RedisTransaction;
  pexpire(key: string, ms: number): RedisTransaction;
  exec(): Promise<[Error | null, unknown][] | null>;
}

/** How to reach Redis and how long to wait for it. */
export interface RedisConnectionOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` for TLS. */
  url: string;
  /** How long start-up waits for Redis before failing (ms). Default 5000. */
  connectTimeoutMs?: number;
  /** How long one command may take before it fails instead of hanging (ms). Default 2000. */
  commandTimeoutMs?: number;
}

/** Connected Redis clients: one for commands, and more on demand for pub/sub and blocking reads. */
export interface RedisConnection {
  /** The URL with any password replaced by `***`, for messages. */
  readonly where: string;
  /** Whether the URL named a node of a Redis Cluster, which is then reached through ioredis's `Cluster` client. */
  readonly cluster: boolean;
  /** The shared command client. */
  readonly client: RedisClient;
  /** Opens one more connection (a subscriber, or a reader that blocks); `close()` ends it too. */
  open(options?: { blocking?: boolean }): Promise<RedisClient>;
  /** Whether the command client is connected right now. */
  isReady(): boolean;
  /** Closes every connection this opened. */
  close(): Promise<void>;
}

/**
 * Connects to Redis at `options.url`, waiting until it answers. Throws a `ProtocolError`
 * (STORE_UNAVAILABLE) naming the address and the reason when Redis cannot be reached in time
 * or the `ioredis` package is not installed. A URL that names a node of a Redis Cluster is
 * found to be one (`INFO cluster`), and every connection is then a `Cluster` client, which
 * follows the cluster's slots (the stores keep each server's keys in one slot: see connect-scale.ts).
 *
 * While serving, a lost connection never queues commands (they would hang): each fails at once
 * with STORE_UNAVAILABLE, and the client reconnects in the background (every 50 ms rising to 1 s).
 */
export async function connectRedis(options: RedisConnectionOptions): Promise<RedisConnection> {
  const where = redact(options.url);
  const { Redis, Cluster } = await loadClient(where);
  const connectTimeout = options.connectTimeoutMs ?? 5000;
  const commandTimeout = options.commandTimeoutMs ?? 2000;
  const opened: RedisClient[] = [];
  let cluster = false;
  const make = async (blocking: boolean): Promise<RedisClient> => {
    const settings = {
      connectTimeout,
      // A blocking read waits on purpose; every other command fails rather than hang.
      ...(blocking ? {} : { commandTimeout }),
      maxRetriesPerRequest: 0,
    };
    const retry = (attempt: number) => Math.min(attempt * 50, 1000);
    const client = (
      cluster
        ? new Cluster([nodeOf(options.url)], {
            lazyConnect: true,
            enableOfflineQueue: false,
            clusterRetryStrategy: retry,
            autoResubscribe: true,
            redisOptions: { ...settings, ...credentialsOf(options.url) },
          })
        : new Redis(options.url, { lazyConnect: true, enableOfflineQueue: false, retryStrategy: retry, autoResubscribe: true, ...settings })
    ) as RedisClient & { connect(): Promise<void> };
    // Errors surface on the calls they affect; unheard, the client's error event would crash the
    // process. The last one says why a connection attempt failed (the attempt itself only says
    // "Connection is closed").
    let lastError: unknown;
    client.on("error", (error) => (lastError = error));
    opened.push(client);
    await withDeadline(client.connect(), connectTimeout, () => client.disconnect()).catch((error: unknown) => {
      client.disconnect();
      const cause = lastError ?? error;
      throw new ProtocolError("STORE_UNAVAILABLE", `Redis at ${where} is not reachable (${reason(cause)}). Start it, or fix --redis / REDIS_URL.`, { cause });
    });
    return client;
  };
  let client = await make(false);
  if (/^cluster_enabled:1/m.test(await client.info("cluster").catch(() => ""))) {
    cluster = true;
    opened.pop();
    client.disconnect();
    client = await make(false);
  }
  return {
    where,
    cluster,
    client,
    open: (openOptions) => make(openOptions?.blocking === true),
    isReady: () => client.status === "ready",
    async close() {
      await Promise.all(opened.map((c) => (c.status === "ready" ? c.quit().catch(() => c.disconnect()) : c.disconnect())));
    },
  };
}

/**
 * Turns a failed Redis command into the error a client sees, naming what could not be done and
 * why, so a call fails in words instead of hanging or crashing the server: STORE_UNAVAILABLE when
 * Redis could not be reached or did not answer in time; STORE_REFUSED when it answered with an
 * error reply (`WRONGTYPE`, `OOM`, `READONLY`, …), which says what is wrong and is not cured by
 * waiting.
 */
export function storeUnavailable(what: string, where: string, error: unknown): ProtocolError {
  if (error instanceof ProtocolError) return error;
  if (isReplyError(error)) {
    const message = error.message.replace(/\.$/, "");
    const hint = message.startsWith("WRONGTYPE")
      ? " A key typemcp uses holds another kind of value: something else writes under the same key prefix ({typemcp:<server name>}:). Give each server its own name, or its own Redis database (redis://host:6379/1)."
      : "";
    return new ProtocolError("STORE_REFUSED", `Could not ${what}: the shared store (Redis at ${where}) refused the command: ${message}.${hint}`, {
      cause: error,
    });
  }
  return new ProtocolError(
    "STORE_UNAVAILABLE",
    `Could not ${what}: the shared store (Redis at ${where}) is unavailable (${reason(error)}). Try again shortly.`,
    { cause: error },
  );
}

// ioredis's error for a reply Redis sent (`-WRONGTYPE …`), as opposed to a connection failure.
function isReplyError(error: unknown): error is Error {
  return error instanceof Error && error.name === "ReplyError";
}

type RedisConstructor = new (url: string, options: Record<string, unknown>) => unknown;
type ClusterConstructor = new (nodes: Array<{ host: string; port: number }>, options: Record<string, unknown>) => unknown;

async function loadClient(where: string): Promise<{ Redis: RedisConstructor; Cluster: ClusterConstructor }> {
  try {
    // A variable specifier keeps bundlers from pulling the client into servers that never use it.
    const name = "ioredis";
    const module = (await import(name)) as {
      Redis?: RedisConstructor;
      Cluster?: ClusterConstructor;
      default?: RedisConstructor & { Cluster?: ClusterConstructor };
    };
    const Redis = (module.Redis ?? module.default)!;
    return { Redis, Cluster: (module.Cluster ?? module.default?.Cluster)! };
  } catch (error) {
    const missing = (error as { code?: unknown } | null)?.code === "ERR_MODULE_NOT_FOUND";
    const what = missing ? `the "ioredis" package is not installed. Fix: npm install ioredis` : `the "ioredis" package could not be loaded (${reason(error)})`;
    throw new ProtocolError("STORE_UNAVAILABLE", `Redis (${where}) was asked for, but ${what}`, { cause: error });
  }
}

function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  // ioredis's words for a command refused while it reconnects.
  if (message.includes("enableOfflineQueue")) return "not connected; reconnecting";
  if (message === "Command timed out") return "no answer in time";
  return typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return url;
  }
}

// The node a Cluster client starts from, and the credentials every node takes, from the URL.
function nodeOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname.replace(/^\[|\]$/g, ""), port: Number(parsed.port || 6379) };
}

function credentialsOf(url: string): Record<string, unknown> {
  const parsed = new URL(url);
  return {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === "rediss:" ? { tls: {} } : {}),
  };
}
