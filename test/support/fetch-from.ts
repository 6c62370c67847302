import http from "node:http";
import { Readable } from "node:stream";

/**
 * A `fetch` whose requests leave from `localAddress` (any 127.0.0.x on Linux's loopback), so a
 * server sees several clients at several addresses, as it would across a network. Responses
 * stream (SSE included); aborting the request's signal closes its connection.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        request.url,
        { method: request.method, headers: Object.fromEntries(request.headers), localAddress, agent: false },
        (incoming) => {
          const headers = new Headers();
          for (let i = 0; i < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
          const empty = incoming.statusCode === 204 || incoming.statusCode === 304 || request.method === "HEAD";
          if (empty) incoming.resume();
          resolve(new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), { status: incoming.statusCode!, headers }));
        },
      );
      outgoing.on("error", reject);
      request.signal.addEventListener("abort", () => outgoing.destroy(new Error("aborted")), { once: true });
      outgoing.end(body);
    });
  };
}
