import type { EventStore, StoredMessage } from "./redis-event-store.js";

/** The id an event gets when it could not be stored: it parses as no stored event, so a resume from it is refused (404) in words. */
export const UNSTORED_EVENT = "unstored";

/**
 * An `EventStore` that never stands between a call and its client: an event the shared store
 * cannot take (Redis lost mid-call) still goes out on the live stream, with an id no resume will
 * find, and so does everything after it on that stream (a resume must not skip the lost events).
 * Without it the SDK's transport fails the send: `ctx.progress` throws, the tool is aborted by its
 * own progress report, its error cannot be stored either, and the client's stream ends with
 * neither result nor error. `onerror` hears once per stream that it is no longer resumable.
 */
export function liveFirst(store: EventStore, isReady: () => boolean, onerror?: (error: Error) => void): EventStore {
  // Streams that lost an event, until their response goes out.
  const unstored = new Set<string>();
  return {
    async storeEvent(streamId: string, message: StoredMessage): Promise<string> {
      const answered = "id" in message && ("result" in message || "error" in message);
      if (!unstored.has(streamId)) {
        try {
          // A lost connection fails at once (no offline queue); checking first spares the attempt.
          if (isReady()) return await store.storeEvent(streamId, message);
          throw new Error("the shared store is not connected");
        } catch (error) {
          if (!answered) unstored.add(streamId);
          onerror?.(
            new Error(`Could not store an event of stream ${streamId} (${(error as Error).message}); the stream goes on live but can no longer be resumed.`, {
              cause: error,
            }),
          );
        }
      }
      if (answered) unstored.delete(streamId);
      return `${streamId}@${UNSTORED_EVENT}`;
    },
    getStreamIdForEventId: (eventId) => store.getStreamIdForEventId(eventId),
    replayEventsAfter: (lastEventId, options) => store.replayEventsAfter(lastEventId, options),
  };
}
