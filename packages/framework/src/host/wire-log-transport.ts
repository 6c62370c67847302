import type { JSONRPCMessage, Transport } from "./sdk-client.js";

/** Which way a message went: `send` from host to server, `receive` from server to host. */
export type WireDirection = "send" | "receive";

/** Called with every JSON-RPC message that crosses a transport, as it crosses. */
export type WireListener = (direction: WireDirection, message: JSONRPCMessage) => void;

/**
 * Makes `transport` report every JSON-RPC message in both directions to `listener` before the
 * client sees it (or after the client hands it over), whatever the transport, and returns it.
 * A received message that `take` keeps (it returns true) goes no further.
 *
 * It instruments the transport object itself rather than wrapping it in another: the SDK client
 * tells stdio from HTTP by the transport's shape (`stderr` and `pid`), and treats a probe that
 * goes unanswered differently on each (on stdio, a 2025-11-25 server; on HTTP, an outage). A
 * wrapper would hide the shape and change how the era is negotiated; an instrumented transport
 * keeps its class and members.
 */
export function withWireLog<T extends Transport>(transport: T, listener: WireListener, take?: (message: JSONRPCMessage) => boolean): T {
  // A handler set while another is in place may chain to it (the SDK's Protocol does); each
  // message object is reported once however many instrumented handlers it passes through.
  const reported = new WeakSet<object>();
  const report = (message: JSONRPCMessage) => {
    if (reported.has(message)) return;
    reported.add(message);
    listener("receive", message);
  };
  const existing = transport.onmessage;
  let instrumented: Transport["onmessage"];
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    enumerable: true,
    get: () => instrumented,
    set(handler: Transport["onmessage"]) {
      instrumented =
        handler &&
        ((message, extra) => {
          report(message);
          // An answer to the host's own request (raw-requests.ts) is not the client's to see.
          if (take?.(message)) return;
          handler(message, extra);
        });
    },
  });
  transport.onmessage = existing;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    listener("send", message);
    return send(message, options);
  };
  return transport;
}
