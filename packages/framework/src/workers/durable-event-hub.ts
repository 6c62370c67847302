import { answer, lineStream } from "./durable-protocol.js";

/**
 * The `bus` Durable Object's side of `DurableEventBus`: it stores nothing, it fans out. Each
 * listener in any isolate holds one open `subscribe` response, which the object writes every
 * published event to (one JSON line each); `publish` writes to all of them, in one order.
 */
export class DurableEventHub {
  private readonly subscribers = new Set<(line: unknown) => boolean>();

  handle(operation: string, args: Record<string, unknown>): Response {
    if (operation === "publish") {
      for (const write of [...this.subscribers]) if (!write(args)) this.subscribers.delete(write);
      return answer(this.subscribers.size);
    }
    if (operation === "subscribe") {
      const lines = lineStream(() => this.subscribers.delete(lines.write));
      this.subscribers.add(lines.write);
      // A first line says the subscription is in place, so the subscriber knows nothing published from now on is missed.
      lines.write({ subscribed: true });
      return lines.response;
    }
    return new Response(JSON.stringify({ error: `unknown bus operation ${operation}` }), { status: 400 });
  }
}
