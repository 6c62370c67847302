import { nodeCrypto } from "../../runtime/lazy-crypto.js";
import type { EventStore } from "../../runtime/sdk/sdk.js";

// Tags made so far, by owner key: one digest per caller, not per event.
const TAGS = new Map<string, string>();
const MAX_TAGS = 4096;

/**
 * The tag a stream's id starts with in the event store: a digest of its owner's key (see
 * `callerIdentityOf`), so the store needs no owner record of its own and every store (Redis,
 * Durable Objects, an app's own) keeps it. Not a secret: a caller cannot choose the identity
 * it is compared against.
 */
export function ownerTag(ownerKey: string): string {
  let tag = TAGS.get(ownerKey);
  if (tag === undefined) {
    tag = nodeCrypto().createHash("sha256").update(ownerKey).digest("base64url").slice(0, 16);
    if (TAGS.size >= MAX_TAGS) TAGS.clear();
    TAGS.set(ownerKey, tag);
  }
  return tag;
}

/** Whether the stored stream `streamId` (as the store names it) belongs to `ownerKey`. */
export function isOwnStream(streamId: string | undefined, ownerKey: string): boolean {
  return streamId?.startsWith(`${ownerTag(ownerKey)}.`) === true;
}

/**
 * The event store as one transport (a session, or one stateless request) sees it: every stream it
 * writes is stored under its owner's tag, and an event id of a stream someone else owns is one it
 * does not know (the SDK answers such a resume 400, as for any unknown id). `owner` is read when
 * the first event is stored, once the session's id is known.
 */
export function ownedEventStore(store: EventStore, owner: () => string): OwnedEventStore {
  // The store's own refusal of the last resume that failed (the SDK reads none of it: it answers 500).
  let refused: { lastEventId: string; status: number; message: string } | undefined;
  let key: string | undefined;
  const tag = (): string => ownerTag((key ??= owner()));
  const own = async (eventId: string): Promise<string | undefined> => {
    // A store that cannot name an event's stream cannot show whose it is: nothing resumes from it.
    const streamId = await store.getStreamIdForEventId?.(eventId);
    const prefix = `${tag()}.`;
    return streamId?.startsWith(prefix) ? streamId.slice(prefix.length) : undefined;
  };
  return {
    storeEvent: (streamId, message) => store.storeEvent(`${tag()}.${streamId}`, message),
    getStreamIdForEventId: own,
    async replayEventsAfter(lastEventId, options) {
      // The SDK asks getStreamIdForEventId first today; asked again here so that no replay ever
      // depends on that order (a resume is rare: one lookup more costs nothing that matters).
      const streamId = await own(lastEventId);
      if (streamId === undefined) throw new Error(`Unknown Last-Event-ID "${lastEventId}".`);
      try {
        await store.replayEventsAfter(lastEventId, options);
      } catch (error) {
        const status = (error as { httpStatus?: unknown }).httpStatus;
        if (typeof status === "number") refused = { lastEventId, status, message: (error as Error).message };
        throw error;
      }
      return streamId;
    },
    refusalFor(lastEventId) {
      return refused?.lastEventId === lastEventId ? { status: refused.status, message: refused.message } : undefined;
    },
  };
}

/** An {@link ownedEventStore}: it also tells why the store refused a resume, in the store's words. */
export interface OwnedEventStore extends EventStore {
  /**
   * The status and words of the store's refusal of the resume from `lastEventId`, when it refused
   * the last one tried for a reason a client can act on (a stream trimmed or abandoned: 410).
   */
  refusalFor(lastEventId: string): { status: number; message: string } | undefined;
}
