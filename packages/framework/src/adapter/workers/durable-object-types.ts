// The few Cloudflare Workers types typemcp's Durable Object stores use, written out here so that
// the framework type-checks without @cloudflare/workers-types (and never depends on it).

/** A Durable Object's transactional storage (the key-value API, on SQLite or legacy storage alike). */
export interface DurableObjectStorage {
  get<T = unknown>(key: string): Promise<T | undefined>;
  get<T = unknown>(keys: string[]): Promise<Map<string, T>>;
  put<T>(key: string, value: T): Promise<void>;
  put<T>(entries: Record<string, T>): Promise<void>;
  delete(key: string | string[]): Promise<boolean | number>;
  deleteAll(): Promise<void>;
  list<T = unknown>(options?: { prefix?: string; start?: string; limit?: number }): Promise<Map<string, T>>;
  setAlarm(scheduledTime: number): Promise<void>;
  deleteAlarm(): Promise<void>;
}

/** What the runtime hands a Durable Object's constructor. */
export interface DurableObjectState {
  readonly storage: DurableObjectStorage;
  blockConcurrencyWhile<T>(callback: () => Promise<T>): Promise<T>;
}

/** A stub: the way a Worker (or another object) reaches one Durable Object. */
export interface DurableObjectStub {
  fetch(request: Request): Promise<Response>;
}

/** A Durable Object namespace binding (`env.MCP_STATE`). */
export interface DurableObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): DurableObjectStub;
}

/** Whether `value` is a Durable Object namespace binding. */
export function isDurableObjectNamespace(value: unknown): value is DurableObjectNamespace {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as DurableObjectNamespace).idFromName === "function" &&
    typeof (value as DurableObjectNamespace).get === "function"
  );
}
