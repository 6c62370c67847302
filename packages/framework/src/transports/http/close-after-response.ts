import type { ProtocolServer, Transport } from "../../runtime/sdk.js";

/**
 * Closes a one-request (stateless) server once it has sent its response, rather than when the
 * client hangs up: the events it sends meanwhile are stored for the client to resume elsewhere.
 */
export function closeAfterResponse(transport: Transport, server: ProtocolServer): void {
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    try {
      await send(message, options);
    } finally {
      if ("id" in message && ("result" in message || "error" in message)) void server.close();
    }
  };
}
