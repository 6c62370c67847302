import type { ServerResponse } from "node:http";
import type { SharedStores } from "./shared-stores.js";

const KEEP_ALIVE_MS = 15_000;

/**
 * Answers a GET carrying `Last-Event-ID` from the shared event store: replays what the client
 * missed, then forwards what the instance still running its request writes, up to the response.
 * The request may have started on any instance. Refused in words, as a JSON-RPC error: an id the
 * store does not know (404), a request whose instance stopped before answering (410), a lost
 * store (503), a store that answers with an error (502).
 */
export async function resumeStream(res: ServerResponse, stores: SharedStores, lastEventId: string): Promise<void> {
  let known: string | undefined;
  try {
    known = await stores.events.getStreamIdForEventId(lastEventId);
  } catch (error) {
    return refuse(res, 503, (error as Error).message);
  }
  if (known === undefined) {
    return refuse(res, 404, `Unknown Last-Event-ID "${lastEventId}": the stream it belongs to has expired or was never stored; send the request again.`);
  }
  // Headers go out with the first event (or keep-alive), so a stream that cannot resume is
  // still refused with a status the client can read.
  const open = () => {
    if (res.headersSent) return;
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    res.flushHeaders();
  };
  const gone = new AbortController();
  // A call may stay silent for minutes; a comment line now and then keeps proxies from closing
  // the stream as idle (nginx's default is 60 s).
  const keepAlive = setInterval(() => (open(), res.write(": keep-alive\n\n")), KEEP_ALIVE_MS);
  res.once("close", () => {
    clearInterval(keepAlive);
    gone.abort();
  });
  try {
    await stores.events.follow(
      lastEventId,
      async (id, message) => void (open(), res.write(`event: message\nid: ${id}\ndata: ${JSON.stringify(message)}\n\n`)),
      { signal: gone.signal },
    );
  } catch (error) {
    clearInterval(keepAlive);
    if (gone.signal.aborted) return void res.end();
    const status = (error as { httpStatus?: unknown }).httpStatus;
    const code = (error as { code?: unknown }).code;
    // Not sent yet: refuse in words. Mid-stream: end it; the client's next resume gets the refusal.
    const store = code === "STORE_UNAVAILABLE" || code === "STORE_REFUSED";
    if (!res.headersSent && (typeof status === "number" || store))
      return refuse(res, typeof status === "number" ? status : code === "STORE_REFUSED" ? 502 : 503, (error as Error).message);
    if (typeof status !== "number" && !store) throw error;
  }
  clearInterval(keepAlive);
  open();
  res.end();
}

function refuse(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message } });
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}
