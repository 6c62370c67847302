/**
 * The listening sockets of a server `typemcp dev` runs over HTTP, which it can let go of and
 * take back. The next server must listen on the same port, but the last good one should keep
 * its sessions until the next one has started: it stops listening while the next one loads,
 * and listens again if that one fails to start.
 */
import net from "node:net";

/** Pauses and resumes every server the process listened with; see {@link trackListeners}. */
export interface DevListeners {
  /** Closes each listening socket (connections already open stay), freeing its port. */
  pause(): void;
  /** Listens again on the address and port each paused socket had; resolves once all do. */
  resume(): Promise<void>;
}

/**
 * Records every `net.Server` (an `http.Server` is one) that listens in this process from now on.
 * Run by the dev launcher before it imports the entry; dev only, never in a served build.
 */
export function trackListeners(): DevListeners {
  const servers = new Set<net.Server>();
  const paused = new Map<net.Server, net.AddressInfo>();
  const listen = net.Server.prototype.listen;
  // The one way to see a server the author's code (or typemcp's HTTP transport) creates.
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    servers.add(this);
    return (listen as (...a: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
  return {
    pause() {
      for (const server of servers) {
        const address = server.address();
        if (!server.listening || address === null || typeof address === "string") continue;
        paused.set(server, address);
        // Closes the listening socket at once; open connections (a host's event stream) stay.
        server.close();
      }
    },
    async resume() {
      const again = [...paused].map(
        ([server, { address, port }]) =>
          new Promise<void>((resolve, reject) => {
            server.once("error", reject);
            server.listen(port, address, () => {
              server.off("error", reject);
              resolve();
            });
          }),
      );
      paused.clear();
      await Promise.all(again);
    },
  };
}
