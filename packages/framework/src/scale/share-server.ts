import type { TypemcpServer } from "../runtime/create-server.js";
import { handleOf } from "../runtime/server-handle.js";
import { RedisUsedStates } from "./redis-used-states.js";
import { redisOAuthProxyStore } from "./redis-oauth-proxy-store.js";
import type { ResolvedHttpOptions } from "../transports/http/http-options.js";
import { connectScale, keyPrefix, type ScaleStores } from "./connect-scale.js";
import { assertSharedRequestStateKey } from "./request-state-key.js";
import { liveFirst } from "./live-first-event-store.js";
import type { ServerEvent } from "./redis-event-bus.js";
import { toServerChange } from "./server-event-change.js";

/**
 * Connects one instance of `server` to the Redis at `http.redis` and plugs the shared stores into
 * its HTTP options: 2025-era streams stored for resumption on any instance, and one event bus for
 * every instance (2026-07-28 `subscriptions/listen` streams hear of it through the SDK; this
 * instance's 2025-era sessions hear of what other instances change), and the OAuth proxy's
 * records (`http.auth.proxy`, unless it was given a `store`). Requires
 * `MCP_REQUEST_STATE_KEY`, the secret every instance signs 2026-07-28 `requestState` with.
 * Throws a STORE_UNAVAILABLE error naming the address when Redis cannot be reached.
 */
export async function shareServer(server: TypemcpServer, http: ResolvedHttpOptions): Promise<ScaleStores> {
  assertSharedRequestStateKey(process.env);
  const handle = handleOf(server, "serve");
  const report = (error: Error) => process.stderr.write(`typemcp: ${error.message}\n`);
  const stores = await connectScale({
    url: http.redis!,
    namespace: server.info.name,
    onerror: report,
    onstatus: (message) => process.stderr.write(`typemcp: ${message}\n`),
  });
  stores.bus.subscribeRemote((event: ServerEvent) => {
    handle.tellSessions2025(toServerChange(event));
  });
  handle.useTaskStore(stores.tasks);
  // A requestState used on one instance is refused on all (one-time use across instances).
  handle.useUsedStates(new RedisUsedStates(stores.redis, { prefix: keyPrefix(server.info.name) }));
  // Stored for resumption while Redis takes it; live to the client whatever happens to Redis.
  const eventStore = liveFirst(stores.events, () => stores.isReady(), report);
  // The OAuth proxy's clients, logins and codes (http.auth.proxy): a login started here finishes on any instance.
  const oauthProxy = redisOAuthProxyStore(stores.redis, { prefix: keyPrefix(server.info.name) });
  http.stores = { ...http.stores, eventStore, bus: stores.bus, shared: stores, tasks: stores.tasks, oauthProxy };
  return stores;
}
