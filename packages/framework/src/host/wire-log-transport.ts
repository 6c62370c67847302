import type { JSONRPCMessage, Transport } from "./sdk-client.js";

/** Which way a message went: `send` from host to server, `receive` from server to host. */
export type WireDirection = "send" | "receive";

/** Called with every JSON-RPC message that crosses a transport, as it crosses. */
export type WireListener = (direction: WireDirection, message: JSONRPCMessage) => void;

/**
 * Wraps a client transport so every JSON-RPC message in both directions is reported to
 * `listener` before the client sees it (or after the client hands it over), whatever the
 * transport. The wrapper forwards the parts of the transport interface the SDK client reads:
 * `sessionId` and `setProtocolVersion` (Streamable HTTP puts the negotiated version in a header).
 */
export function withWireLog(inner: Transport, listener: WireListener): Transport {
  const wrapper: Transport = {
    get sessionId() {
      return inner.sessionId;
    },
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
    start() {
      inner.onmessage = (message, extra) => {
        listener("receive", message);
        wrapper.onmessage?.(message, extra);
      };
      inner.onerror = (error) => wrapper.onerror?.(error);
      inner.onclose = () => wrapper.onclose?.();
      return inner.start();
    },
    send(message, options) {
      listener("send", message);
      return inner.send(message, options);
    },
    close: () => inner.close(),
  };
  return wrapper;
}
