import { rememberRemoteAddress } from "../../runtime/identity/caller-identity.js";

/**
 * What the HTTP handler reads of a request, whatever the platform made it from: a web-standard
 * `Request` (Workers, Deno, Bun, app mounts) or Node's `IncomingMessage`, which is read in place
 * and turned into a `Request` only for the paths that hand it to the SDK (sessions, 2026-07-28).
 */
export interface RequestView {
  readonly method: string;
  /** The request's absolute URL (on Node, the endpoint's). */
  readonly url: string;
  /** A header's value (`name` in lower case), or null when absent. */
  header(name: string): string | null;
  /** The request as a web-standard `Request` with a signal that aborts when the client leaves (made once, on first use). */
  toRequest(): Request;
  /**
   * The request as the handlers' context carries it (`ctx.http.req`, where the caller's remote
   * address is read): the web `Request` where there is one, on Node a stand-in with its method,
   * URL and headers, so a kept server's call makes no `Request`, `Headers` or `AbortController`.
   */
  callerRequest(): Request;
  /** Calls `listener` once if the client goes away before its answer is sent; returns a function that stops listening. */
  onClientGone(listener: () => void): () => void;
  /**
   * Records the caller's address (see client-address.ts) for the handlers' context, which reads
   * it from the request it carries (`toRequest`, `callerRequest`); set once, before either is made.
   */
  setClientAddress(address: string | undefined): void;
}

/** A web-standard `Request` as a {@link RequestView}. */
export function viewOfRequest(request: Request): RequestView {
  return {
    setClientAddress: (address) => rememberRemoteAddress(request, address),
    method: request.method,
    url: request.url,
    header: (name) => request.headers.get(name),
    toRequest: () => request,
    callerRequest: () => request,
    onClientGone(listener) {
      const signal = request.signal;
      if (signal.aborted) {
        listener();
        return () => undefined;
      }
      signal.addEventListener("abort", listener, { once: true });
      return () => signal.removeEventListener("abort", listener);
    },
  };
}
