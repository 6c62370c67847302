import { answer, lineStream } from "./durable-protocol.js";

/** How far back a new subscription is sent what was published (ms), and how many such events are kept. */
const RECENT_MS = 5_000;
const RECENT_MAX = 64;

/**
 * The `bus` Durable Object's side of `DurableEventBus`: it stores nothing, it fans out. Each
 * listener in any isolate holds one open `subscribe` response, which the object writes every
 * published event to (one JSON line each); `publish` writes to all of them, in one order.
 *
 * A listener subscribes as its listen stream opens, but its subscription reaches the object a
 * moment later, and a change published meanwhile (through another isolate) would be missed. So
 * the object remembers the last few seconds of events, and a subscription is first sent those
 * published since it was made (`since`, less a second for clocks): a list change heard twice costs
 * a client one more listing, one never heard leaves it with a stale list.
 */
export class DurableEventHub {
  private readonly subscribers = new Set<(line: unknown) => boolean>();
  private readonly recent: Array<{ at: number; line: unknown }> = [];

  handle(operation: string, args: Record<string, unknown>): Response {
    if (operation === "publish") {
      const now = Date.now();
      this.recent.push({ at: now, line: args });
      while (this.recent.length > RECENT_MAX || (this.recent.length > 0 && now - this.recent[0]!.at > RECENT_MS)) this.recent.shift();
      for (const write of [...this.subscribers]) if (!write(args)) this.subscribers.delete(write);
      return answer(this.subscribers.size);
    }
    if (operation === "subscribe") {
      const lines = lineStream(() => this.subscribers.delete(lines.write));
      const since = Number(args.since) - 1_000;
      for (const { at, line } of this.recent) if (at >= since) lines.write(line);
      this.subscribers.add(lines.write);
      // A first line says the subscription is in place, so the subscriber knows nothing published from now on is missed.
      lines.write({ subscribed: true });
      return lines.response;
    }
    return new Response(JSON.stringify({ error: `unknown bus operation ${operation}` }), { status: 400 });
  }
}
