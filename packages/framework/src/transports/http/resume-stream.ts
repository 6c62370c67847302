import type { SharedStores } from "./shared-stores.js";
import { jsonResponse } from "./json-responses.js";
import { unrefTimer } from "./platform.js";
import { isOwnStream } from "./owned-streams.js";

const KEEP_ALIVE_MS = 15_000;

/**
 * Answers a GET carrying `Last-Event-ID` from the shared event store: replays what the client
 * missed, then forwards what the instance still running its request writes, up to the response.
 * The request may have started on any instance. Refused in words, as a JSON-RPC error: an id the
 * store does not know (404), a request whose instance stopped before answering (410), a lost
 * store (503), a store that answers with an error (502).
 *
 * Only to the stream's owner (`owner`, the requester's key: see `callerIdentityOf`): another
 * caller's stream is refused exactly as an unknown id is, so its existence is not told either.
 */
export async function resumeStream(stores: SharedStores, lastEventId: string, owner: string): Promise<Response> {
  let known: string | undefined;
  try {
    known = await stores.events.getStreamIdForEventId(lastEventId);
  } catch (error) {
    return refuse(503, (error as Error).message);
  }
  if (!isOwnStream(known, owner)) {
    return refuse(404, `Unknown Last-Event-ID "${lastEventId}": the stream it belongs to has expired or was never stored; send the request again.`);
  }
  // The head goes out with the first event (or keep-alive), so a stream that cannot resume is
  // still refused with a status the client can read.
  const encoder = new TextEncoder();
  const gone = new AbortController();
  let opened!: (response: Response) => void;
  let failed!: (error: unknown) => void;
  const head = new Promise<Response>((resolve, reject) => {
    opened = resolve;
    failed = reject;
  });
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let sent = false;
      const open = (): void => {
        if (sent) return;
        sent = true;
        opened(new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } }));
      };
      const write = (text: string): void => {
        open();
        controller.enqueue(encoder.encode(text));
      };
      // A call may stay silent for minutes; a comment line now and then keeps proxies from
      // closing the stream as idle (nginx's default is 60 s).
      keepAlive = unrefTimer(setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS));
      const end = (): void => {
        clearInterval(keepAlive);
        open();
        controller.close();
      };
      stores.events
        .follow(lastEventId, async (id, message) => write(`event: message\nid: ${id}\ndata: ${JSON.stringify(message)}\n\n`), { signal: gone.signal })
        .then(end, (error: unknown) => {
          clearInterval(keepAlive);
          if (gone.signal.aborted) return;
          const status = (error as { httpStatus?: unknown }).httpStatus;
          const code = (error as { code?: unknown }).code;
          const store = code === "STORE_UNAVAILABLE" || code === "STORE_REFUSED";
          // Not sent yet: refuse in words. Mid-stream: end it; the client's next resume gets the refusal.
          if (typeof status === "number" || store) {
            opened(refuse(typeof status === "number" ? status : code === "STORE_REFUSED" ? 502 : 503, (error as Error).message));
            return controller.close();
          }
          failed(error);
          controller.error(error);
        });
    },
    cancel() {
      clearInterval(keepAlive);
      gone.abort();
    },
  });
  return head;
}

function refuse(status: number, message: string): Response {
  return jsonResponse(status, { jsonrpc: "2.0", id: null, error: { code: -32000, message } });
}
