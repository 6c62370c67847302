import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Where the browser comes back after a person logs in (RFC 8252 §7.3: a loopback redirect). */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:PORT/callback`, the `redirect_uri` to register and send. */
  readonly redirectUrl: string;
  readonly port: number;
  /**
   * The query of the first request to `/callback` that carries `state`, once it arrives; a
   * request with another state (a page the person did not start) is answered 400 and ignored.
   * Rejects after `timeoutMs`. While it waits, the listener keeps the process alive.
   */
  waitForCallback(state: string, timeoutMs: number): Promise<URLSearchParams>;
  close(): Promise<void>;
}

const CALLBACK_PATH = "/callback";

/**
 * Listens on 127.0.0.1 for the authorization server's redirect: on `preferredPort` when it is
 * free (the port of an earlier registration, for an authorization server that compares loopback
 * ports although RFC 8252 says not to), else on any free port. The listener does not keep the
 * process alive unless a callback is awaited.
 */
export async function startLoopbackRedirect(preferredPort?: number): Promise<LoopbackRedirect> {
  const waiting = new Map<string, (query: URLSearchParams) => void>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const deliver = url.pathname === CALLBACK_PATH && request.method === "GET" ? waiting.get(url.searchParams.get("state") ?? "") : undefined;
    response.setHeader("Content-Type", "text/plain; charset=utf-8");
    response.setHeader("Connection", "close");
    if (!deliver) {
      response.writeHead(400).end("typemcp is not waiting for this login.\n");
      return;
    }
    const failed = url.searchParams.has("error");
    response.writeHead(200).end(failed ? "The login did not complete; see the terminal.\n" : "Logged in. You can close this tab and return to the terminal.\n");
    deliver(url.searchParams);
  });
  const port = await listen(server, preferredPort).catch(() => listen(server, 0));
  server.unref();
  return {
    redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    port,
    waitForCallback(state, timeoutMs) {
      server.ref();
      return new Promise<URLSearchParams>((resolve, reject) => {
        const timer = setTimeout(() => {
          settle();
          reject(new Error(`no login came back within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        // The listener keeps the process alive while it waits; once it is closed, nothing should.
        timer.unref();
        const settle = () => {
          clearTimeout(timer);
          waiting.delete(state);
          if (!waiting.size) server.unref();
        };
        waiting.set(state, (query) => {
          settle();
          resolve(query);
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listen(server: Server, port: number | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
