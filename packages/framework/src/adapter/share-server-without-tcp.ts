import type { TypemcpServer } from "../runtime/create-server.js";
import { redisWithoutTcp } from "./redis-without-tcp.js";
import type { ResolvedHttpOptions } from "../transports/http/http-options.js";

/**
 * `scale/share-server.js` in a Workers bundle: Workers cannot open a TCP connection to Redis, so
 * the bundle carries, instead of the Redis stores and client, the refusal that says so.
 */
export async function shareServer(_server: TypemcpServer, http: ResolvedHttpOptions): Promise<never> {
  throw redisWithoutTcp(http.redis ?? "");
}
