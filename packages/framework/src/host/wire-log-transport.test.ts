import { describe, expect, test } from "vitest";
import type { JSONRPCMessage, Transport } from "./sdk-client.js";
import { withWireLog, type WireDirection } from "./wire-log-transport.js";

function fakeTransport() {
  const sent: JSONRPCMessage[] = [];
  const transport: Transport & { sent: JSONRPCMessage[]; versions: string[] } = {
    sent,
    versions: [],
    sessionId: "s-1",
    start: async () => {},
    send: async (message) => void sent.push(message),
    close: async () => transport.onclose?.(),
    setProtocolVersion: (version) => void transport.versions.push(version),
  };
  return transport;
}

describe("withWireLog", () => {
  test("reports every message both ways, in order, and still delivers it", async () => {
    const inner = fakeTransport();
    const seen: Array<[WireDirection, unknown]> = [];
    const received: unknown[] = [];
    const logged = withWireLog(inner, (direction, message) => seen.push([direction, message]));
    logged.onmessage = (message) => received.push(message);
    await logged.start();
    const request = { jsonrpc: "2.0", id: 1, method: "tools/list" } as const;
    const reply = { jsonrpc: "2.0", id: 1, result: { tools: [] } } as const;
    await logged.send(request);
    inner.onmessage?.(reply);
    expect(seen).toEqual([["send", request], ["receive", reply]]);
    expect(inner.sent).toEqual([request]);
    expect(received).toEqual([reply]);
  });

  test("passes through what the SDK client reads and sets on a transport", async () => {
    const inner = fakeTransport();
    const logged = withWireLog(inner, () => {});
    let closed = false;
    logged.onclose = () => (closed = true);
    await logged.start();
    logged.setProtocolVersion?.("2025-11-25");
    await logged.close();
    expect([logged.sessionId, inner.versions, closed]).toEqual(["s-1", ["2025-11-25"], true]);
  });
});
