/**
 * What a Deno build (`typemcp build --target deno`) runs: the author's entry, whose `serve()`
 * call records the server, then `Deno.serve` answering with it on `PORT` / `MCP_PORT` (8000)
 * and `MCP_HOST` (127.0.0.1).
 * @packageDocumentation
 */
import "typemcp:served-entry";
import { platformFetch } from "../platform-serve.js";

/** The part of Deno's global this entry uses. */
interface DenoGlobal {
  env: { toObject(): Record<string, string> };
  serve(
    options: { port: number; hostname: string; onListen(address: { hostname: string; port: number }): void },
    handler: (request: Request, info: { remoteAddr?: { hostname?: string }; completed?: Promise<void> }) => Promise<Response>,
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
  (request, info) => fetch(untilClientGone(request, info?.completed), undefined, info?.remoteAddr?.hostname),
);

// Deno's `request.signal` also aborts once a response has been sent (its legacy behaviour, which
// it warns of): the handler would take that for a client gone. `completed` rejects only when the
// connection closed before the response was delivered, so that alone aborts the signal the
// handler reads. A Deno without `completed` keeps its own signal.
function untilClientGone(request: Request, completed: Promise<void> | undefined): Request {
  if (completed === undefined) return request;
  const gone = new AbortController();
  completed.catch(() => gone.abort(new Error("The client closed the connection.")));
  // A new request, not `new Request(request, …)`, which would read the old signal to follow it.
  const { method, headers, body, url } = request;
  return new Request(url, { method, headers, body, signal: gone.signal, ...(body ? { duplex: "half" } : {}) } as RequestInit);
}
