import type { TypemcpServer } from "../../runtime/create-server.js";
import { handleOf } from "../../runtime/server-handle.js";
import { toServerChange, toServerEvent } from "../../scale/server-event-change.js";
import { toFetchHandler, type FetchHandler, type FetchHandlerOptions } from "../../serve/to-fetch-handler.js";
import { readRequestBody } from "../../transports/http/read-request-body.js";
import { refusalResponse } from "../../transports/http/json-responses.js";
import { warn } from "../../transports/http/platform.js";
import type { HttpStores } from "../../transports/http/http-options.js";
import type { DurableObjectNamespace } from "./durable-object-types.js";
import { DurableEventBus } from "./durable-event-bus.js";
import { DurableEventStore } from "./durable-event-store.js";
import { liveFirst } from "../../scale/live-first-event-store.js";
import { stateObject } from "./durable-protocol.js";
import { OPENS_HEADER, PEER_HEADER, SESSION_HEADER } from "./durable-session.js";
import type { RequestExtras } from "../../transports/http/http-handler.js";
import { DurableTaskStore } from "./durable-task-store.js";
import { durableTaskPlace } from "./durable-task-run.js";
import { DurableUsedStates } from "./durable-used-states.js";
import { durableOAuthProxyStore } from "./durable-oauth-proxy-store.js";

const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
const ERA_2026 = "2026-07-28";

/**
 * Plugs the Durable Object stores into `server` and gives back the stores for its HTTP handlers:
 * tasks and their runs, 2026-07-28 `requestState` uses, resumable streams, the change bus and the
 * OAuth proxy's records, all on `namespace`.
 * Made once per isolate, for the Worker and the session objects alike.
 */
export function durableStores(server: TypemcpServer, namespace: DurableObjectNamespace): HttpStores {
  if (made) return made;
  const report = (error: Error) => warn(`typemcp: ${error.message}`);
  const tasks = new DurableTaskStore(namespace);
  const events = new DurableEventStore(namespace);
  // An event the objects cannot take still reaches its client live, unresumable, never lost.
  const eventStore = liveFirst(events, () => true, report);
  const bus = (isolateBus = new DurableEventBus(namespace, report));
  // One publisher per isolate, whichever handler or session object made the change; the handlers'
  // 2026-07-28 entries only listen (a second publisher would announce each change twice).
  const handle = handleOf(server, "serve");
  handle.onChange((change) => bus.publish(toServerEvent(change)));
  handle.useTaskStore(tasks);
  // A task's run goes to an object of its own, where it outlives the request (see DurableTaskRun).
  handle.useTaskPlace(durableTaskPlace(namespace));
  handle.useUsedStates(new DurableUsedStates(namespace));
  const oauthProxy = durableOAuthProxyStore(namespace);
  return (made = { tasks, eventStore, bus: bus.listenOnly(), shared: { events, isReady: () => true }, oauthProxy });
}

let made: HttpStores | undefined;
let isolateBus: DurableEventBus | undefined;

/**
 * Lets session `sessionId` of this isolate hear the changes other isolates make (those of its
 * own isolate it hears directly), through a subscription to the bus of its own, opened by its
 * object and so ending with it (then `onend`); gives back what stops it.
 */
export function hearOtherIsolates(server: TypemcpServer, namespace: DurableObjectNamespace, sessionId: string, onend: () => void): () => void {
  durableStores(server, namespace);
  return isolateBus!.subscribeRemote((event) => handleOf(server, "serve").tellSessions2025(toServerChange(event), sessionId), onend);
}

/**
 * The Worker's side of a stateful Workers deployment: requests of a 2025-11-25 session (an
 * `initialize`, and every request carrying `Mcp-Session-Id`) go to the session's own Durable
 * Object (see `DurableSession`); everything else (2026-07-28 requests, 2025 requests without a
 * session, resumes by `Last-Event-ID`) is answered here, statelessly, with the shared stores.
 * With `stateless` set, no request opens a session, as on any platform.
 */
export function durableFetchHandler(server: TypemcpServer, options: FetchHandlerOptions, namespace: DurableObjectNamespace): FetchHandler {
  const stores = durableStores(server, namespace);
  // --stateless / MCP_STATELESS: no sessions at all, as on any platform.
  const sessions = options.stateless !== true;
  const main = toFetchHandler(server, { ...options, stateless: true, stores });
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const handle = async (request: Request, extras: RequestExtras = {}): Promise<Response> => {
    const session = request.headers.get("mcp-session-id");
    if (!sessions) return main.handle(request, extras);
    if (session !== null) return toSession(request, session, false, extras);
    // A 2026-07-28 request never opens a session; any other POST may be an initialize, which some
    // 2025 clients send with the version they ask for in MCP-Protocol-Version.
    if (request.method !== "POST" || request.headers.get("mcp-protocol-version") === ERA_2026) return main.handle(request, extras);
    // Only an initialize opens a session: read the body to know (the handler that answers reads it again).
    const body = await readRequestBody(request, maxBodyBytes);
    if (!body.ok) return refusalResponse({ status: body.status, message: body.message });
    const again = new Request(request, { body: body.text });
    if (!opensSession(body.text)) return main.handle(again, extras);
    return toSession(again, globalThis.crypto.randomUUID(), true, extras);
  };
  const toSession = async (request: Request, id: string, opens: boolean, extras: RequestExtras): Promise<Response> => {
    const headers = new Headers(request.headers);
    headers.set(SESSION_HEADER, id);
    // Whatever a client sent under this name is dropped: only the Worker says who is calling.
    if (extras.remoteAddress === undefined) headers.delete(PEER_HEADER);
    else headers.set(PEER_HEADER, extras.remoteAddress);
    if (opens) headers.set(OPENS_HEADER, "1");
    else headers.delete(OPENS_HEADER);
    return stateObject(namespace, `session:${id}`).fetch(new Request(request, { headers }));
  };
  return { fetch: (request) => handle(request), handle, ready: () => main.ready(), close: () => main.close() };
}

function opensSession(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { method?: unknown };
    return typeof parsed === "object" && parsed !== null && parsed.method === "initialize";
  } catch {
    return false;
  }
}
