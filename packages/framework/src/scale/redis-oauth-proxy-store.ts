import type { OAuthProxyRecordKind, OAuthProxyStore } from "../transports/http/oauth-proxy/oauth-proxy-store.js";
import { storeUnavailable, type RedisConnection } from "./redis-connection.js";

// What each kind of record is, for a failure's words.
const WHAT: Readonly<Record<OAuthProxyRecordKind, string>> = { client: "a registered client", flow: "a login under way", code: "an authorization code" };

/**
 * The OAuth proxy's records in Redis (`--redis`), on the server's one connection and under its key
 * prefix: `SET … PX` keeps a record for its lifetime, `GET` reads it, and `GETDEL` takes it, so a
 * login's state and a code are used once across every instance (Redis 6.2 or later). A login
 * started on one instance is finished on whichever the provider's redirect reaches. A lost Redis
 * fails the request in words (STORE_UNAVAILABLE), never a login half-kept.
 */
export function redisOAuthProxyStore(redis: RedisConnection, options: { prefix: string }): OAuthProxyStore {
  const keyOf = (kind: OAuthProxyRecordKind, key: string) => `${options.prefix}oauth:${kind}:${key}`;
  const run = async <T>(what: string, command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw storeUnavailable(what, redis.where, error);
    }
  };
  return {
    async set(kind, key, value, ttlMs) {
      await run(`keep ${WHAT[kind]}`, () => redis.client.set(keyOf(kind, key), value, "PX", ttlMs));
    },
    get: async (kind, key) => (await run(`read ${WHAT[kind]}`, () => redis.client.get(keyOf(kind, key)))) ?? undefined,
    take: async (kind, key) => (await run(`take ${WHAT[kind]}`, () => redis.client.getdel(keyOf(kind, key)))) ?? undefined,
  };
}
