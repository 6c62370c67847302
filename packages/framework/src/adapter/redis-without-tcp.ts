import { TypemcpError } from "../errors/typemcp-error.js";

/**
 * The refusal of Redis on Workers, which cannot open a TCP connection: thrown at the first
 * request of a Workers build given `REDIS_URL`, and by `toFetchHandler({ redis })` in a Workers
 * bundle (whose build leaves the Redis client out), so the deployment's log says what to change.
 */
export function redisWithoutTcp(url: string): TypemcpError {
  return new TypemcpError({
    code: "INVALID_CONFIGURATION",
    message: `typemcp: --redis / REDIS_URL (${url.replace(/\/\/[^@/]*@/, "//***@")}) is set, but Workers cannot open a TCP connection to Redis. Remove it, or run this server on Node, Deno or Bun (typemcp build --target node|deno|bun) to share tasks and streams between instances.`,
  });
}
