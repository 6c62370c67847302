/** What an OAuth proxy keeps: hosts' registered clients, logins under way, and codes not yet exchanged. */
export type OAuthProxyRecordKind = "client" | "flow" | "code";

/**
 * Where an OAuth proxy keeps its state, as JSON text under a key per kind, so that a shared store
 * (Redis, a Durable Object) can hold it for every instance. `take` reads and deletes in one step:
 * it is what makes a login's state and an authorization code good for one use only.
 */
export interface OAuthProxyStore {
  /** Keeps `value` under `key` for `ttlMs`. */
  set(kind: OAuthProxyRecordKind, key: string, value: string, ttlMs: number): Promise<void>;
  /** The value under `key`, unless it expired or was taken. */
  get(kind: OAuthProxyRecordKind, key: string): Promise<string | undefined>;
  /** The value under `key`, removed so that no one reads it again. */
  take(kind: OAuthProxyRecordKind, key: string): Promise<string | undefined>;
}

/** How many records of each kind the in-memory store keeps at most. */
export const MEMORY_STORE_BOUNDS: Readonly<Record<OAuthProxyRecordKind, number>> = { client: 1000, flow: 1000, code: 1000 };

/**
 * The default store: in this process's memory, lost on restart (hosts then register again and
 * their users log in again). Bounded per kind by {@link MEMORY_STORE_BOUNDS}: past the bound the
 * oldest record goes, so a flood of registrations or abandoned logins costs memory up to the
 * bound only. One instance only: behind a load balancer, give every instance one shared store.
 */
export function createMemoryOAuthProxyStore(bounds = MEMORY_STORE_BOUNDS): OAuthProxyStore {
  const kinds = { client: new Map(), flow: new Map(), code: new Map() } satisfies Record<OAuthProxyRecordKind, Map<string, { value: string; until: number }>>;
  const live = (kind: OAuthProxyRecordKind, key: string) => {
    const record = kinds[kind].get(key);
    if (record && record.until <= Date.now()) kinds[kind].delete(key);
    return record && record.until > Date.now() ? record.value : undefined;
  };
  return {
    async set(kind, key, value, ttlMs) {
      const records = kinds[kind];
      records.delete(key);
      // A Map iterates in insertion order: the first key is the oldest record.
      while (records.size >= bounds[kind]) records.delete(records.keys().next().value!);
      records.set(key, { value, until: Date.now() + ttlMs });
    },
    get: async (kind, key) => live(kind, key),
    async take(kind, key) {
      const value = live(kind, key);
      kinds[kind].delete(key);
      return value;
    },
  };
}
