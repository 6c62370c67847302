import { describe, expect, test } from "vitest";
import type { JSONRPCMessage, Transport } from "./sdk-client.js";
import { withWireLog, type WireDirection } from "./wire-log-transport.js";

/** A transport class of our own, standing in for the SDK's: it records what it sends. */
class RecordingTransport implements Transport {
  readonly sent: JSONRPCMessage[] = [];
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  constructor(readonly params: { command: string }) {}
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

const request = { jsonrpc: "2.0", id: 1, method: "tools/list" } as const;
const reply = { jsonrpc: "2.0", id: 1, result: { tools: [] } } as const;

describe("withWireLog", () => {
  test("reports every message both ways, in order, and still delivers it", async () => {
    const transport = new RecordingTransport({ command: "server" });
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

  test("keeps the transport itself, its class and its members, for the SDK to recognise", async () => {
    const transport = new RecordingTransport({ command: "server" });
    const logged = withWireLog(transport, () => {});
    let closed = false;
    logged.onclose = () => (closed = true);
    await logged.close();
    expect([logged === transport, logged instanceof RecordingTransport, Object.getPrototypeOf(logged) === RecordingTransport.prototype, closed]).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  test("reports a message once when a new handler chains to the one before it, as the SDK's Protocol does", () => {
    const transport = new RecordingTransport({ command: "server" });
    const seen: unknown[] = [];
    const order: string[] = [];
    withWireLog(transport, (_direction, message) => seen.push(message));
    transport.onmessage = () => order.push("first");
    const before = transport.onmessage;
    transport.onmessage = (message, extra) => {
      before?.(message, extra);
      order.push("second");
    };
    transport.deliver(reply);
    expect([seen, order]).toEqual([[reply], ["first", "second"]]);
  });
});
