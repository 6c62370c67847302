import type { EventBus, ServerEvent } from "../scale/redis-event-bus.js";
import type { DurableObjectNamespace } from "./durable-object-types.js";
import { callObject, readLines, stateObject, STATE_ORIGIN } from "./durable-protocol.js";
import { keepWorking } from "../runtime/keep-working.js";

/**
 * An `EventBus` on the Durable Object named `bus` (see `DurableEventHub`): a change published in
 * any isolate reaches every `subscriptions/listen` stream of every isolate. A Worker may use an
 * I/O object only within the request that opened it, so each listener opens its own subscription
 * (one streaming `fetch`, for as long as its listen stream lasts) rather than one per isolate;
 * the number of them is bounded by the listen-stream limits (`maxListens`).
 *
 * When the object cannot take an event, it goes to this isolate's listeners directly and
 * `onerror` is told, as `RedisEventBus` does.
 */
export class DurableEventBus implements EventBus<ServerEvent> {
  private readonly local = new Set<(event: ServerEvent) => void>();

  constructor(
    private readonly namespace: DurableObjectNamespace,
    private readonly onerror?: (error: Error) => void,
  ) {}

  publish(event: ServerEvent): void {
    keepWorking(
      callObject(stateObject(this.namespace, "bus"), "bus/publish", { event }, "share a server event with other isolates").catch((error: unknown) => {
        for (const listener of [...this.local]) listener(event);
        this.onerror?.(error as Error);
      }),
    );
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    const stop = new AbortController();
    const since = Date.now();
    this.local.add(listener);
    void (async () => {
      const response = await stateObject(this.namespace, "bus").fetch(
        new Request(`${STATE_ORIGIN}/bus/subscribe`, { method: "POST", body: JSON.stringify({ since }), signal: stop.signal }),
      );
      if (!response.body) return;
      await readLines(response.body, (line) => {
        const { event } = line as { event?: ServerEvent };
        if (event) listener(event);
        return stop.signal.aborted;
      });
    })().catch((error: unknown) => {
      if (!stop.signal.aborted) this.onerror?.(error as Error);
    });
    return () => {
      this.local.delete(listener);
      stop.abort();
    };
  }
}
