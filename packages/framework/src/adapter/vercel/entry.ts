/**
 * What a Vercel build (`typemcp build --target vercel`) runs: the author's entry, whose `serve()`
 * call records the server, then a function answering each method with it. Stateless: a function
 * instance keeps no memory between requests.
 * @packageDocumentation
 */
import "typemcp:served-entry";
import { platformFetch } from "../platform-serve.js";

const handle = platformFetch({
  stateless: true,
  tcp: true,
  statelessReason: {
    why: "a Vercel function, which keeps no memory between requests",
    remedy: "serve it from Node, Deno or Bun (typemcp build --target node|deno|bun), which keep sessions",
  },
});

// Vercel sets X-Real-IP to the client's address (and overwrites one a client sends).
const fetch = (request: Request): Promise<Response> => handle(request, undefined, request.headers.get("x-real-ip") ?? undefined);

export const GET = fetch;
export const POST = fetch;
export const DELETE = fetch;
export const OPTIONS = fetch;
export default { fetch };
