import { principalKey, type AuthInfo } from "../../runtime/auth-info.js";

/**
 * Who a request counts against for per-client shares (`subscriptions/listen` streams): the
 * authenticated principal when the transport knows one (`principalKey`), else the remote
 * address. Clients behind one NAT or proxy share an address, and so a share: set
 * `--max-listens-per-client` with that in mind.
 */
export function clientKeyOf(remoteAddress: string | undefined, caller: AuthInfo | undefined): string {
  return principalKey(caller) ?? `address:${remoteAddress ?? "unknown"}`;
}
