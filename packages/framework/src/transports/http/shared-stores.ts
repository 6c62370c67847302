// Types only, and none from Node: this file is part of the public `HttpOptions` type, which must
// type-check in a project without @types/node.

/** A JSON-RPC message as a stream carried it. */
export type StreamMessage = Record<string, unknown>;

/** The shared stores an HTTP server uses when its instances scale out (`--redis`; `scale/` fills it). */
export interface SharedStores {
  /** Every SSE event of every instance, so a stream resumes wherever the client reconnects. */
  readonly events: {
    getStreamIdForEventId(eventId: string): Promise<string | undefined>;
    /**
     * Sends what followed `lastEventId`, then what is written next, up to the stream's response.
     * Rejects with an error carrying `httpStatus` (and a message in words) when the stream cannot
     * be resumed, or with `code` STORE_UNAVAILABLE when the store is lost (STORE_REFUSED when it answers with an error).
     */
    follow(lastEventId: string, send: (eventId: string, message: StreamMessage) => Promise<void>, options?: { signal?: AbortSignal }): Promise<string>;
  };
  /** Whether the store is reachable right now; while it is not, new streams are served without it. */
  isReady(): boolean;
}
