import type { JSONRPCMessage, Transport } from "./sdk-client.js";

/** Which way a message went: `send` from host to server, `receive` from server to host. */
export type WireDirection = "send" | "receive";

/** Called with every JSON-RPC message that crosses a transport, as it crosses. */
export type WireListener = (direction: WireDirection, message: JSONRPCMessage) => void;

/**
 * Makes `transport` report every JSON-RPC message in both directions to `listener` before the
 * client sees it (or after the client hands it over), whatever the transport, and returns it.
 *
 * It instruments the transport object itself rather than wrapping it in another: the SDK client
 * tells stdio from HTTP by the transport's shape and, on its own stdio transport class, runs the
 * era probe on a second process spawned from that transport's parameters. A wrapper would hide
 * both and change how the era is negotiated; an instrumented transport keeps its class.
 */
export function withWireLog<T extends Transport>(transport: T, listener: WireListener): T {
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
  reportSiblings(transport, listener);
  return transport;
}

// On stdio the SDK client runs its `server/discover` probe on a short-lived second process,
// built with `new transport.constructor(sameParameters)`. Giving this instance a constructor that
// instruments what it builds puts that probe in the wire log too; the prototype, which the SDK
// checks to choose the second-process probe, stays the SDK's own. Were the SDK to build the
// probe's transport some other way, the probe would just not be logged.
function reportSiblings(transport: Transport, listener: WireListener): void {
  const Base = transport.constructor as new (...args: never[]) => Transport;
  if (typeof Base !== "function" || (Base as unknown) === Object) return;
  class Instrumented extends Base {
    constructor(...args: never[]) {
      super(...args);
      withWireLog(this, listener);
    }
  }
  Object.defineProperty(transport, "constructor", { value: Instrumented, configurable: true, writable: true });
}
