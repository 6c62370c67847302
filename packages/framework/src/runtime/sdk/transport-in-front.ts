import type { JSONRPCMessage, Transport } from "./protocol-types.js";

/** What a transport hands `send` besides the message (the request it relates to, and the like). */
export type SendOptions = Parameters<Transport["send"]>[1];
/** What a transport hands `onmessage` besides the message (the HTTP request's auth and headers). */
export type ReceiveExtra = Parameters<NonNullable<Transport["onmessage"]>>[1];

/**
 * A transport of ours in front of an SDK transport: the SDK connects to it, it sets the inner
 * transport's callbacks before starting it (as any owner of a transport does) and forwards both
 * ways. A subclass sees every message by overriding `receive` or `send` (and the end by `closed`), so nothing of the SDK's
 * transport is replaced. The inner one keeps its own class, which the SDK may depend on.
 */
export class TransportInFront implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: Transport["onclose"];
  onerror?: Transport["onerror"];

  constructor(protected readonly inner: Transport) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    (this.inner as { setSupportedProtocolVersions?: (versions: string[]) => void }).setSupportedProtocolVersions?.(versions);
  }

  /**
   * Whether each request has a stream of its own (Streamable HTTP): the SDK client cancels a
   * 2026-07-28 request by closing that stream only when the transport says so, and otherwise
   * sends a notification a stateless server cannot route to the call.
   */
  get hasPerRequestStream(): boolean | undefined {
    return (this.inner as { hasPerRequestStream?: boolean }).hasPerRequestStream;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.receive(message, extra);
    this.inner.onclose = () => this.closed();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The other side hung up, or the inner transport closed. */
  protected closed(): void {
    this.onclose?.();
  }

  /** A message from the other side, on its way to whoever connected this transport. */
  protected receive(message: JSONRPCMessage, extra?: ReceiveExtra): void {
    this.onmessage?.(message, extra);
  }
}
