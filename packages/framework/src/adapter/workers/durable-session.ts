import type { FetchHandler } from "../../serve/to-fetch-handler.js";
import type { DurableObjectStorage } from "./durable-object-types.js";

/** The headers the Worker sends a session's object: which session, and that the request opens it. */
export const SESSION_HEADER = "x-typemcp-session";
export const OPENS_HEADER = "x-typemcp-opens-session";
/** The caller's address as the Worker was told it (`CF-Connecting-IP`): set or removed by the Worker on every request it forwards. */
export const PEER_HEADER = "x-typemcp-peer";

// What the Worker said of the caller, for the session's handler (rate limits, task caps count it).
function peerOf(request: Request): { remoteAddress?: string } {
  const address = request.headers.get(PEER_HEADER);
  return address === null ? {} : { remoteAddress: address };
}

/** What a session's object is given by the Workers entry: how to make its handler, how long it may idle, and how to hear other isolates' changes. */
export interface SessionSetup {
  makeHandler(): FetchHandler;
  idleMs: number;
  /** Subscribes session `sessionId` to other isolates' changes until stopped, or until the subscription ends (`onend`). */
  hearChanges(sessionId: string, onend: () => void): () => void;
}

/** What a session's object keeps in storage: the initialize request that opened it, and a digest of the credentials that sent it. */
interface Opening {
  body: string;
  credentials: string;
}

/** The session id an object's handler gives the session it opens: the one the Worker chose and named the object after. */
export const sessionIdOfObject = { idFor: (request: Request): string | undefined => request.headers.get(SESSION_HEADER) ?? undefined };

/**
 * One 2025-11-25 session in its own Durable Object (`session:<session id>`). A session is a live
 * protocol server and transport, which no store can hold, so the whole session runs in the object:
 * the Worker forwards every request carrying the session's id to it, and the object answers with
 * a stateful handler of its own (the same server, the same stores for tasks, streams and changes),
 * whose session takes the id the Worker chose (`sessionIdOfObject`).
 *
 * The initialize request is kept in storage, so an object that was evicted or restarted opens
 * the session again from it at the next request, under the same id (so the session's tasks stay
 * its own), sent with the same credentials only (compared by digest; no token is stored). An
 * alarm deletes the session once it is idle for `idleMs`; a DELETE deletes it at once.
 *
 * While open, the session hears the changes other isolates make through a bus subscription of
 * its object's own (`hearChanges`), which ends with the object: the next request opens another.
 */
export class DurableSession {
  private handler: FetchHandler | undefined;
  private open = false;
  private stopHearing: (() => void) | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly setup: SessionSetup,
  ) {}

  async handle(request: Request): Promise<Response> {
    const headers = new Headers(request.headers);
    if (headers.get(OPENS_HEADER) === "1") {
      headers.delete(OPENS_HEADER);
      const body = await request.text();
      const response = await this.start(new Request(request.url, { method: "POST", headers, body }));
      if (this.open) await this.storage.put("opening", { body, credentials: await digest(headers.get("authorization")) } satisfies Opening);
      this.hear(request);
      return response;
    }
    if (!this.open && !(await this.reopen(request.url, headers))) {
      return new Response(
        JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found: it expired or was closed; initialize a new one." } }),
        {
          status: 404,
          headers: { "Content-Type": "application/json" },
        },
      );
    }
    this.hear(request);
    const response = await this.handler!.handle(request, peerOf(request));
    if (request.method === "DELETE" && response.ok) await this.expire();
    else await this.storage.setAlarm(Date.now() + this.setup.idleMs);
    return response;
  }

  /** Closes the session and forgets it: its idle alarm rang, or the client deleted it. */
  async expire(): Promise<void> {
    this.stopHearing?.();
    this.stopHearing = undefined;
    const handler = this.handler;
    this.handler = undefined;
    this.open = false;
    await this.storage.deleteAll();
    await handler?.close();
  }

  // Subscribes the open session to other isolates' changes, unless it already is.
  private hear(request: Request): void {
    const sessionId = request.headers.get(SESSION_HEADER);
    if (!this.open || this.stopHearing || sessionId === null) return;
    const stop = this.setup.hearChanges(sessionId, () => {
      if (this.stopHearing === stop) this.stopHearing = undefined;
    });
    this.stopHearing = stop;
  }

  private async start(request: Request): Promise<Response> {
    this.handler ??= this.setup.makeHandler();
    const response = await this.handler.handle(request, peerOf(request));
    this.open = response.headers.has("mcp-session-id");
    if (this.open) await this.storage.setAlarm(Date.now() + this.setup.idleMs);
    return response;
  }

  // Opens the session again from its stored initialize request, for the same credentials only.
  private async reopen(url: string, headers: Headers): Promise<boolean> {
    const opening = await this.storage.get<Opening>("opening");
    if (!opening || opening.credentials !== (await digest(headers.get("authorization")))) return false;
    const replay = new Headers(headers);
    replay.delete("mcp-session-id");
    replay.delete("last-event-id");
    replay.set("content-type", "application/json");
    replay.set("accept", "application/json, text/event-stream");
    const response = await this.start(new Request(url, { method: "POST", headers: replay, body: opening.body }));
    await response.body?.cancel();
    return this.open;
  }
}

async function digest(value: string | null): Promise<string> {
  if (value === null) return "";
  const bytes = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
