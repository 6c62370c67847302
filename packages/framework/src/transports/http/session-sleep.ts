import { createHttpTransport, connectLane, type toWireAuth } from "../../runtime/sdk/sdk.js";
import type { HttpServing } from "./http-serving.js";
import type { ResolvedHttpOptions } from "./http-options.js";
import type { OwnedEventStore } from "./owned-streams.js";
import { SessionFront } from "./session-front.js";
import type { Session, SessionParts } from "./session-store.js";

/** What a session's parts are made from, and told of their transport's session events. */
export interface PartsRecipe {
  readonly serving: HttpServing;
  readonly options: ResolvedHttpOptions;
  readonly sessionId: string;
  readonly events: OwnedEventStore | undefined;
  /** Called by the transport once `initialize` opened it (only for the request that opens the session). */
  readonly onInitialized?: ((parts: SessionParts) => void) | undefined;
  /** Called when the client ends the session (DELETE). */
  readonly onClosed: (id: string) => void;
}

/** Makes a 2025-11-25 session's protocol server and SDK transport, connected through its front. */
export async function makeSessionParts(recipe: PartsRecipe): Promise<SessionParts> {
  const { sessionId, events, onInitialized } = recipe;
  const server = recipe.serving.newServer({ stateless: false, era: "2025-11-25" });
  const transport = createHttpTransport({
    sessionIdGenerator: () => sessionId,
    enableJsonResponse: false,
    maxRequestBodySize: recipe.options.maxBodyBytes,
    ...(events ? { eventStore: events } : {}),
    ...(onInitialized ? { onsessioninitialized: () => onInitialized(parts) } : {}),
    onsessionclosed: recipe.onClosed,
  });
  const front = new SessionFront(transport);
  const parts: SessionParts = { transport, front, server, events };
  await connectLane(server, front, "session");
  return parts;
}

/**
 * Whether `session` may sleep now: it was opened and never used (so its whole state is the
 * `initialize` that opened it: no log level, subscription, stream or call in flight), it keeps
 * no streams for a resume (the replayed handshake would be written to them), and it is awake.
 */
export function maySleep(session: Session): boolean {
  return session.uses === 0 && session.opening !== undefined && session.parts !== undefined && session.waking === undefined;
}

/**
 * Puts `session` to sleep: its protocol server is closed (which lets the server app forget it)
 * and only the record is kept. The client is not told: its session id stays good.
 */
export function putToSleep(session: Session): void {
  const parts = session.parts;
  session.parts = undefined;
  void parts?.server.close().catch(() => undefined);
}

const HANDSHAKE_HEADERS = { accept: "application/json, text/event-stream", "content-type": "application/json" };
const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" };

/**
 * New parts for a sleeping session, in the state its handshake left it: the SDK transport and
 * server are told the `initialize` that opened it and `notifications/initialized` again, through
 * the SDK's own entry (`handleRequest`), as the client sent them. `url` is any URL of the endpoint.
 */
export async function wakeParts(recipe: PartsRecipe, opening: string, url: string, wireAuth: ReturnType<typeof toWireAuth>): Promise<SessionParts> {
  const parts = await makeSessionParts(recipe);
  const post = (headers: Record<string, string>, parsedBody: unknown) =>
    parts.transport.handleRequest(new Request(url, { method: "POST", headers: { ...HANDSHAKE_HEADERS, ...headers } }), { parsedBody, ...wireAuth });
  const answer = await post({}, JSON.parse(opening));
  // Its answer was the client's long ago: read to its end (the stream closes once answered) and dropped.
  await answer.text();
  if (answer.status !== 200) throw new Error(`Waking session ${recipe.sessionId}: its initialize was answered with HTTP ${answer.status}.`);
  await (await post({ "mcp-session-id": recipe.sessionId }, INITIALIZED)).text();
  return parts;
}
