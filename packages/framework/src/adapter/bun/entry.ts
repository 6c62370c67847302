/**
 * What a Bun build (`typemcp build --target bun`) runs: the author's entry, whose `serve()` call
 * records the server, then `Bun.serve` answering with it on `PORT` / `MCP_PORT` (3000) and
 * `MCP_HOST` (127.0.0.1).
 * @packageDocumentation
 */
import "typemcp:served-entry";
import { platformFetch } from "../platform-serve.js";

/** The part of Bun's global this entry uses. */
interface BunGlobal {
  serve(options: {
    port: number;
    hostname: string;
    fetch: (request: Request, server: { requestIP(request: Request): { address: string } | null }) => Promise<Response>;
    idleTimeout: number;
  }): {
    hostname: string;
    port: number;
  };
}

const fetch = platformFetch({ stateless: false, tcp: true });
const server = (globalThis as unknown as { Bun: BunGlobal }).Bun.serve({
  port: Number(process.env.PORT ?? process.env.MCP_PORT ?? 3000),
  hostname: process.env.MCP_HOST ?? "127.0.0.1",
  // The peer's address, which rate limits, task caps and cached results count per caller.
  fetch: (request, server) => fetch(request, undefined, server.requestIP(request)?.address),
  // Streams (2025-11-25 GET, progress) stay open longer than Bun's 10 s default.
  idleTimeout: 0,
});
console.error(`typemcp: serving MCP over HTTP at http://${server.hostname}:${server.port}/mcp`);
