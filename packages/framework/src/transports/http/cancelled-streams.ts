import { watchBody } from "./watch-body.js";

/**
 * The open SSE responses of a stateful server's requests, by session and request id, so a
 * cancelled request's stream can be ended. The SDK stops the handler on
 * `notifications/cancelled` and, as the spec says, sends no response; but it leaves the POST's
 * stream open, kept alive until shutdown, which then waits out its whole grace period.
 */
export class CancelledStreams {
  private readonly open = new Map<string, () => void>();

  /** Remembers `response` as the stream answering `body`, when `body` is a request, until its body ends; returns the response to send. */
  track(sessionId: string, body: unknown, response: Response): Response {
    const id = requestIdOf(body);
    if (id === undefined) return response;
    const key = keyOf(sessionId, id);
    const watched = watchBody(response, {
      onDone: () => {
        if (this.open.get(key) === watched.stop) this.open.delete(key);
      },
    });
    this.open.set(key, watched.stop);
    return watched.response;
  }

  /** After `body` was handled: if it cancelled a request of this session, ends that request's stream. */
  release(sessionId: string, body: unknown): void {
    const message = body as { method?: unknown; params?: { requestId?: unknown } } | null;
    if (message?.method !== "notifications/cancelled") return;
    const requestId = message.params?.requestId;
    if (typeof requestId !== "string" && typeof requestId !== "number") return;
    this.open.get(keyOf(sessionId, requestId))?.();
  }
}

function requestIdOf(body: unknown): string | number | undefined {
  if (typeof body !== "object" || body === null || typeof (body as { method?: unknown }).method !== "string") return undefined;
  const id = (body as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

function keyOf(sessionId: string, id: string | number): string {
  return `${sessionId}\u0000${typeof id}:${id}`;
}
