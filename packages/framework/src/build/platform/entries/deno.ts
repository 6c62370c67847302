/**
 * What a Deno build (`typemcp build --target deno`) runs: the author's entry, whose `serve()`
 * call records the server, then `Deno.serve` answering with it on `PORT` / `MCP_PORT` (8000)
 * and `MCP_HOST` (127.0.0.1).
 * @packageDocumentation
 */
import "typemcp:served-entry";
import { platformFetch } from "../../../platform/platform-serve.js";

/** The part of Deno's global this entry uses. */
interface DenoGlobal {
  env: { toObject(): Record<string, string> };
  serve(
    options: { port: number; hostname: string; onListen(address: { hostname: string; port: number }): void },
    handler: (request: Request, info: { remoteAddr?: { hostname?: string } }) => Promise<Response>,
  ): unknown;
}

const fetch = platformFetch({ stateless: false, tcp: true });
const deno = (globalThis as unknown as { Deno: DenoGlobal }).Deno;
const env = deno.env.toObject();
deno.serve(
  {
    port: Number(env.PORT ?? env.MCP_PORT ?? 8000),
    hostname: env.MCP_HOST ?? "127.0.0.1",
    onListen: ({ hostname, port }) => console.error(`typemcp: serving MCP over HTTP at http://${hostname}:${port}/mcp`),
  },
  // The peer's address, which rate limits, task caps and cached results count per caller.
  (request, info) => fetch(request, undefined, info?.remoteAddr?.hostname),
);
