/**
 * A stdio connection whose first requests are answered before the MCP SDK is loaded (an
 * `EarlySession`: `initialize`, `ping` and the lists a host asks for when it starts), then handed
 * to the SDK at the first message the early session leaves to it. The SDK is told what was
 * answered before it (the client's `initialize`, whose answer it makes again and this front
 * drops, and `notifications/initialized`), then gets every message from the one that needed it
 * on, in the order they came. The SDK connects to this front as to any transport (through the
 * door in front of it, see sdk-stdio.ts); the stdio transport behind it is started once.
 */
import type { EarlySession } from "../runtime/early/early-session.js";
import { TransportInFront } from "../runtime/sdk/transport-in-front.js";
import type { JSONRPCMessage, Transport } from "../runtime/sdk/protocol-types.js";
import type { SendOptions } from "../runtime/sdk/transport-in-front.js";
import { SENT } from "../runtime/sdk/sent.js";

type Message = { id?: string | number; method?: string; result?: unknown; error?: unknown };

/** The connection's front: answers early, then carries the SDK's connection. */
export class StdioHandover extends TransportInFront {
  /** What was answered early that the SDK must be told first: `initialize` and `notifications/initialized`. */
  private readonly told: JSONRPCMessage[] = [];
  /** Messages that came once the hand-over began, for the SDK; undefined before it began and after the SDK has them. */
  private held: JSONRPCMessage[] | undefined;
  /** The id of the `initialize` answered early, whose answer the SDK makes again (dropped once). */
  private echoOf: string | number | undefined;

  constructor(
    inner: Transport,
    private readonly early: EarlySession,
    /** Loads the SDK and connects it to this front; called once, at the first message the early session leaves to it. */
    private readonly handOver: () => Promise<void>,
  ) {
    super(inner);
    early.sendThrough((message) => void this.inner.send(message as JSONRPCMessage));
  }

  /** Starts the stdio transport behind this front and answers early until the SDK is needed. */
  async open(): Promise<void> {
    this.inner.onmessage = (message) => this.answerEarly(message);
    this.inner.onclose = () => void this.early.close();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  /** The SDK connects: from now on every message goes to it, starting with what it must be told. */
  override async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.receive(message, extra);
    this.inner.onclose = () => this.closed();
    const waiting = [...this.told, ...(this.held ?? [])];
    this.held = undefined;
    for (const message of waiting) this.receive(message);
  }

  override send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    const { id, method } = message as Message;
    if (this.echoOf !== undefined && method === undefined && id === this.echoOf) {
      this.echoOf = undefined;
      return SENT;
    }
    return this.inner.send(message, options);
  }

  private answerEarly(message: JSONRPCMessage): void {
    if (this.held !== undefined) {
      this.held.push(message);
      return;
    }
    if (this.early.take(message)) {
      const { id, method } = message as Message;
      if (method === "initialize") this.echoOf = id;
      if (method === "initialize" || method === "notifications/initialized") this.told.push(message);
      return;
    }
    // Only once: from here on every message is held (above) until the SDK connects, and then it has them.
    this.held = [message];
    this.handOver().catch((error: unknown) => {
      process.stderr.write(
        `typemcp: could not load the MCP SDK to answer ${(message as Message).method ?? "a message"}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
  }
}
