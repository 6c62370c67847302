import { type ReceiveExtra, type SendOptions, TransportInFront } from "../runtime/sdk/transport-in-front.js";
import type { JSONRPCMessage, Transport } from "./sdk-client.js";

/** Which way a message went: `send` from host to server, `receive` from server to host. */
export type WireDirection = "send" | "receive";

/** Called with every JSON-RPC message that crosses a transport, as it crosses. */
export type WireListener = (direction: WireDirection, message: JSONRPCMessage) => void;

/**
 * A transport in front of `inner` that reports every JSON-RPC message in both directions to
 * `listener` before the client sees it (or after the client hands it over). A received message
 * that `take` keeps (it returns true) goes no further.
 *
 * The SDK client tells stdio from HTTP by the transport's shape (`stderr` and `pid`) and treats
 * a probe that goes unanswered differently on each (on stdio, a 2025-11-25 server; on HTTP, an
 * outage): in front of a stdio transport, this one has that shape too.
 */
export function withWireLog(inner: Transport, listener: WireListener, take?: (message: JSONRPCMessage) => boolean): Transport {
  return "stderr" in inner && "pid" in inner ? new LoggedStdioTransport(inner, listener, take) : new LoggedTransport(inner, listener, take);
}

class LoggedTransport extends TransportInFront {
  constructor(
    inner: Transport,
    private readonly listener: WireListener,
    private readonly take?: (message: JSONRPCMessage) => boolean,
  ) {
    super(inner);
  }

  override send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    this.listener("send", message);
    return super.send(message, options);
  }

  protected override receive(message: JSONRPCMessage, extra?: ReceiveExtra): void {
    this.listener("receive", message);
    // An answer to the host's own request (raw-requests.ts) is not the client's to see.
    if (this.take?.(message)) return;
    super.receive(message, extra);
  }
}

class LoggedStdioTransport extends LoggedTransport {
  get stderr(): unknown {
    return (this.inner as Transport & { stderr: unknown }).stderr;
  }

  get pid(): number | null {
    return (this.inner as Transport & { pid: number | null }).pid;
  }
}
