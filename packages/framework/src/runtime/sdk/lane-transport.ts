import type { JSONRPCMessage, Transport } from "./sdk.js";
import { SENT } from "./sent.js";

/**
 * The transport a kept lane's protocol server is connected to (a stateless HTTP lane of either
 * era): every message the server sends goes to `send`, with the id of the request it is tied to.
 * Its `send` returns SENT, not an async function's promise, so the server's direct door adds no
 * reaction for a failure that cannot come (a promise and a reaction fewer per answer); a throw
 * of `send` is still the rejection the SDK expects.
 */
export function laneTransport(send: (message: JSONRPCMessage, relatedRequestId: string | number | undefined) => void): Transport {
  const transport: Transport = {
    start: async () => undefined,
    send: (message, options) => {
      try {
        send(message, options?.relatedRequestId);
        return SENT;
      } catch (error) {
        return Promise.reject(error);
      }
    },
    close: async () => transport.onclose?.(),
  };
  return transport;
}
