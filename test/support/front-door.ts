import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";

/** One address in front of several instances, as a load balancer is, routing each request by its path. */
export interface FrontDoor {
  readonly origin: string;
  /** Which instance (its origin) answered each path, in order. */
  readonly routed: Array<{ path: string; to: string }>;
  close(): Promise<void>;
}

/**
 * Starts a reverse proxy on a free port of 127.0.0.1 that sends each request, as it came (its
 * Host and cookies too), to the origin `route` picks for its path, and streams the answer back.
 */
export async function startFrontDoor(route: (path: string) => string): Promise<FrontDoor> {
  const routed: Array<{ path: string; to: string }> = [];
  const server = createServer((incoming, outgoing) => {
    const to = route(new URL(incoming.url ?? "/", "http://front").pathname);
    routed.push({ path: new URL(incoming.url ?? "/", "http://front").pathname, to });
    const target = new URL(incoming.url ?? "/", to);
    const upstream = forward(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on("error", (error) => outgoing.writeHead(502).end(String(error)));
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
