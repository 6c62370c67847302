import type { IncomingMessage } from "node:http";

/**
 * Who a request counts against for per-client shares (`subscriptions/listen` streams): the
 * authenticated principal when the transport knows one (`principalOf` in runtime/), else the
 * remote address. Clients behind one NAT or proxy share an address, and so a share: set
 * `--max-listens-per-client` with that in mind.
 */
export function clientKeyOf(req: IncomingMessage, principal?: string): string {
  if (principal !== undefined) return `principal:${principal}`;
  return `address:${req.socket.remoteAddress ?? "unknown"}`;
}
