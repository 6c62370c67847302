import type { JSONRPCMessage, Transport } from "../runtime/sdk.js";
import { toJsonRpcMessage } from "../runtime/sdk.js";
import { ProtocolError } from "../errors/protocol-error.js";
import type { StdoutWriter } from "./stdout-guard.js";

/** How long in-flight requests may run once stdin has closed. */
const DRAIN_DEADLINE_MS = 5_000;
/** A line longer than this is refused rather than buffered without bound. */
const MAX_LINE_LENGTH = 16 * 1024 * 1024;

/**
 * Newline-delimited JSON-RPC over stdin/stdout, implementing the SDK's `Transport`.
 * Unlike the SDK's own stdio transport, a malformed line gets a -32700 reply and an invalid
 * message a -32600 reply, so a client learns what it sent wrong instead of waiting forever.
 * When stdin ends, requests already received are answered (within a deadline) before `onclose`.
 */
export class StdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private buffer = "";
  private outgoing = "";
  private flushScheduled = false;
  private readonly pending = new Set<string | number>();
  private ended = false;
  private closed = false;

  constructor(
    private readonly write: StdoutWriter,
    private readonly input: NodeJS.ReadableStream = process.stdin,
  ) {}

  async start(): Promise<void> {
    this.input.setEncoding("utf8");
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (("result" in message || "error" in message) && message.id !== undefined) this.pending.delete(message.id);
    const line = `${JSON.stringify(message)}\n`;
    if ("method" in message) {
      // Notifications and server-to-client requests go out at once and alone: the SDK's client
      // handles a notification a microtask after a response read in the same chunk, so a
      // progress update batched with its call's response would arrive after its handler is gone.
      this.flush();
      this.write(line);
    } else {
      this.queue(line);
    }
    return Promise.resolve();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.outgoing) this.write(this.outgoing);
    this.outgoing = "";
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onInputError);
    this.onclose?.();
  }

  private readonly onData = (chunk: string | Buffer): void => {
    this.buffer += chunk.toString();
    let newline: number;
    while ((newline = this.buffer.indexOf("\n")) !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, "");
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim() !== "") this.receive(line);
    }
    if (this.buffer.length > MAX_LINE_LENGTH) {
      this.buffer = "";
      this.reject(null, -32700, `Parse error: a message longer than ${MAX_LINE_LENGTH} bytes was discarded.`);
    }
  };

  private readonly onEnd = (): void => {
    this.ended = true;
    if (this.pending.size === 0) void this.close();
    else setTimeout(() => void this.close(), DRAIN_DEADLINE_MS).unref();
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
  };

  private receive(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.reject(null, -32700, `Parse error: ${(error as Error).message}`);
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = toJsonRpcMessage(value);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.reject(idOf(value), error.jsonRpcCode, error.message);
      return;
    }
    if ("method" in message && "id" in message) this.pending.add(message.id);
    this.onmessage?.(message);
  }

  private reject(id: string | number | null, code: number, message: string): void {
    this.queue(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
  }

  // Replies produced while handling one chunk of stdin leave in one write: under load that is
  // one system call for many messages instead of one each.
  private queue(line: string): void {
    this.outgoing += line;
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    if (this.closed || !this.outgoing) return;
    const chunk = this.outgoing;
    this.outgoing = "";
    this.write(chunk);
    if (this.ended && this.pending.size === 0) void this.close();
  };
}

function idOf(value: unknown): string | number | null {
  const id = value !== null && typeof value === "object" ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
