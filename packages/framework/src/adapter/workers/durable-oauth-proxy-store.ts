import type { OAuthProxyRecordKind, OAuthProxyStore } from "../../transports/http/oauth-proxy/oauth-proxy-store.js";
import type { DurableObjectNamespace, DurableObjectStorage } from "./durable-object-types.js";
import { answer, callObject, stateObject } from "./durable-protocol.js";

// The proxy's keys are random tokens of 43 characters; a longer one (sent by anyone, in a query)
// names no record, and reaches no object.
const LONGEST_KEY = 128;

/**
 * The OAuth proxy's records on the Durable Objects (`MCP_STATE`): one object per record, named
 * `oauth:<kind>:<key>`, so that a login started in one isolate is finished in whichever the
 * provider's redirect reaches. An object serialises what is sent to it, so a `take` (a callback, a
 * code's exchange) reads and deletes before another can read: states and codes are used once.
 */
export function durableOAuthProxyStore(namespace: DurableObjectNamespace): OAuthProxyStore {
  const call = <T>(kind: OAuthProxyRecordKind, key: string, operation: string, body: unknown, what: string) =>
    callObject<T>(stateObject(namespace, `oauth:${kind}:${key}`), `oauth/${operation}`, body, what);
  return {
    async set(kind, key, value, ttlMs) {
      await call(kind, key, "set", { value, ttlMs }, "keep an OAuth proxy record");
    },
    async get(kind, key) {
      if (key.length > LONGEST_KEY) return undefined;
      return (await call<string | null>(kind, key, "get", {}, "read an OAuth proxy record")) ?? undefined;
    },
    async take(kind, key) {
      if (key.length > LONGEST_KEY) return undefined;
      return (await call<string | null>(kind, key, "take", {}, "take an OAuth proxy record")) ?? undefined;
    },
  };
}

/**
 * An `oauth:…` object's side: its one record under `r` with the time it expires, and an alarm at
 * that time which deletes it (`TypemcpState.alarm`), so an abandoned login or code leaves nothing.
 */
export class DurableOAuthProxyRecord {
  constructor(private readonly storage: DurableObjectStorage) {}

  async handle(operation: string, args: Record<string, unknown>): Promise<Response> {
    if (operation === "set") {
      const until = Date.now() + Number(args.ttlMs);
      await this.storage.put("r", { value: String(args.value), until });
      await this.storage.setAlarm(until);
      return answer(null);
    }
    const record = await this.storage.get<{ value: string; until: number }>("r");
    const live = record !== undefined && record.until > Date.now() ? record.value : null;
    if (operation === "take" && record !== undefined) {
      await this.storage.deleteAll();
      await this.storage.deleteAlarm();
    }
    return answer(live);
  }
}
