import { describe, expect, test } from "vitest";
import type { JSONRPCMessage, Transport } from "./sdk-client.js";
import { withWireLog, type WireDirection } from "./wire-log-transport.js";

/** A transport class of our own, standing in for the SDK's: it records what it sends. */
class RecordingTransport implements Transport {
  readonly sent: JSONRPCMessage[] = [];
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  async start() {}
  async send(message: JSONRPCMessage) {
    this.sent.push(message);
  }
  async close() {
    this.onclose?.();
  }
  /** What the transport does when a message arrives from the server. */
  deliver(message: JSONRPCMessage) {
    this.onmessage?.(message);
  }
}

/** The shape the SDK client reads as a stdio transport. */
class RecordingStdioTransport extends RecordingTransport {
  readonly stderr = "the child's stderr";
  readonly pid = 4242;
}

const request = { jsonrpc: "2.0", id: 1, method: "tools/list" } as const;
const reply = { jsonrpc: "2.0", id: 1, result: { tools: [] } } as const;
const own = { jsonrpc: "2.0", id: "typemcp-host-1", result: {} } as const;

describe("withWireLog", () => {
  test("reports every message both ways, in order, and still delivers it", async () => {
    const transport = new RecordingTransport();
    const seen: Array<[WireDirection, unknown]> = [];
    const received: unknown[] = [];
    const logged = withWireLog(transport, (direction, message) => seen.push([direction, message]));
    logged.onmessage = (message) => received.push(message);
    await logged.start();
    await logged.send(request);
    transport.deliver(reply);
    expect(seen).toEqual([
      ["send", request],
      ["receive", reply],
    ]);
    expect(transport.sent).toEqual([request]);
    expect(received).toEqual([reply]);
  });

  test("keeps a message `take` claims from the client, after reporting it", async () => {
    const transport = new RecordingTransport();
    const seen: unknown[] = [];
    const received: unknown[] = [];
    const logged = withWireLog(
      transport,
      (_direction, message) => seen.push(message),
      (message) => "id" in message && message.id === own.id,
    );
    logged.onmessage = (message) => received.push(message);
    await logged.start();
    transport.deliver(own);
    transport.deliver(reply);
    expect([seen, received]).toEqual([[own, reply], [reply]]);
  });

  test("has a stdio transport's shape in front of one, and an HTTP one's otherwise, for the SDK to tell them apart", () => {
    const stdio = withWireLog(new RecordingStdioTransport(), () => {});
    const http = withWireLog(new RecordingTransport(), () => {});
    expect([(stdio as any).stderr, (stdio as any).pid, "stderr" in http, "pid" in http]).toEqual(["the child's stderr", 4242, false, false]);
  });

  test("hands a handler set after start the next message, and passes the close on", async () => {
    const transport = new RecordingTransport();
    const logged = withWireLog(transport, () => {});
    const order: string[] = [];
    logged.onmessage = () => order.push("first");
    logged.onclose = () => order.push("closed");
    await logged.start();
    const before = logged.onmessage;
    logged.onmessage = (message, extra) => {
      before?.(message, extra);
      order.push("second");
    };
    transport.deliver(reply);
    await logged.close();
    expect(order).toEqual(["first", "second", "closed"]);
  });
});
