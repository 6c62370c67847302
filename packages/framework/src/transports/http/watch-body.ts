/** What {@link watchBody} reports about a response body as it is read. */
export interface BodyWatch {
  /** Each chunk, as it passes on its way to the client. */
  onChunk?(chunk: Uint8Array): void;
  /** Once: the body was read to its end, cancelled by the reader (the client left) or stopped. */
  onDone(): void;
}

/** A response whose body is watched, and a way to end that body from outside. */
export interface WatchedResponse {
  readonly response: Response;
  /** Ends the body now (what was sent stays sent) and lets go of its source. */
  stop(): void;
}

// A null body status cannot carry a stream (the Response constructor throws).
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Passes `response` on with its body watched: the web-standard way to learn when an answer has
 * gone out or its client has left, which a platform handler (Workers, Deno, Bun) reports only
 * by reading or cancelling the body. The Node listener reads it the same way.
 */
export function watchBody(response: Response, watch: BodyWatch): WatchedResponse {
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    watch.onDone();
  };
  const source = response.body;
  if (source === null || NO_BODY.has(response.status)) {
    // Reported after the caller holds the result, as for a body read to its end.
    queueMicrotask(finish);
    return { response, stop: () => undefined };
  }
  const reader = source.getReader();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    async pull(c) {
      try {
        const { done, value } = await reader.read();
        if (finished) return;
        if (done) {
          c.close();
          return finish();
        }
        watch.onChunk?.(value);
        c.enqueue(value);
      } catch (error) {
        if (finished) return;
        finish();
        c.error(error);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason).catch(() => undefined);
    },
  });
  const stop = (): void => {
    if (finished) return;
    finish();
    try {
      controller?.close();
    } catch {
      // Already closed or errored: nothing left to end.
    }
    void reader.cancel().catch(() => undefined);
  };
  return { response: new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }), stop };
}
