import type { JSONRPCMessage, ProtocolServer, Transport } from "../../runtime/sdk/sdk.js";
import { type SendOptions, TransportInFront } from "../../runtime/sdk/transport-in-front.js";

/**
 * The transport a one-request (stateless) server connects to, in front of its SDK HTTP
 * transport: it closes the server once the response has been sent, rather than when the client
 * hangs up, so the events sent meanwhile are stored for the client to resume elsewhere.
 */
export class CloseAfterResponse extends TransportInFront {
  constructor(
    inner: Transport,
    private readonly server: ProtocolServer,
  ) {
    super(inner);
  }

  override async send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    try {
      await super.send(message, options);
    } finally {
      if ("id" in message && ("result" in message || "error" in message)) void this.server.close();
    }
  }
}
