import type { EventBus, ServerEvent } from "../../scale/redis-event-bus.js";
import type { DurableObjectNamespace } from "./durable-object-types.js";
import { callObject, readLines, stateObject, STATE_ORIGIN } from "./durable-protocol.js";
import { keepWorking } from "../../runtime/tasks/keep-working.js";

/**
 * An `EventBus` on the Durable Object named `bus` (see `DurableEventHub`): a change published in
 * any isolate reaches every `subscriptions/listen` stream of every isolate, and every isolate's
 * 2025-11-25 sessions (`subscribeRemote`). A Worker may use an I/O object only within the request
 * that opened it, so each listener opens its own subscription (one streaming `fetch`, for as long
 * as its listen stream lasts) rather than one per isolate; the number of them is bounded by the
 * listen-stream limits (`maxListens`).
 *
 * When the object cannot take an event, it goes to this isolate's listeners directly and
 * `onerror` is told, as `RedisEventBus` does.
 */
export class DurableEventBus implements EventBus<ServerEvent> {
  private readonly local = new Set<(event: ServerEvent) => void>();
  /** Tells this isolate's events from the others' on the shared object. */
  private readonly origin = globalThis.crypto.randomUUID();

  constructor(
    private readonly namespace: DurableObjectNamespace,
    private readonly onerror?: (error: Error) => void,
  ) {}

  publish(event: ServerEvent): void {
    keepWorking(
      callObject(stateObject(this.namespace, "bus"), "bus/publish", { event, origin: this.origin }, "share a server event with other isolates").catch(
        (error: unknown) => {
          for (const listener of [...this.local]) listener(event);
          this.onerror?.(error as Error);
        },
      ),
    );
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.local.add(listener);
    const stop = this.follow((event) => listener(event));
    return () => {
      this.local.delete(listener);
      stop();
    };
  }

  /** Calls `listener` with each event another isolate publishes, until stopped or until the subscription ends (then `onend`). */
  subscribeRemote(listener: (event: ServerEvent) => void, onend: () => void): () => void {
    return this.follow((event, origin) => origin !== this.origin && listener(event), onend);
  }

  /**
   * This bus as an HTTP handler's 2026-07-28 entry takes it: its listen streams subscribe, but it
   * publishes nothing, since each isolate publishes its server's changes once, whichever handler
   * or object made them (see `durableStores`).
   */
  listenOnly(): EventBus<ServerEvent> {
    return { publish: () => undefined, subscribe: (listener) => this.subscribe(listener) };
  }

  // One subscription: one streaming fetch to the object, one JSON line per event.
  private follow(each: (event: ServerEvent, origin: string | undefined) => void, onend?: () => void): () => void {
    const stop = new AbortController();
    const since = Date.now();
    void (async () => {
      const response = await stateObject(this.namespace, "bus").fetch(
        new Request(`${STATE_ORIGIN}/bus/subscribe`, { method: "POST", body: JSON.stringify({ since }), signal: stop.signal }),
      );
      if (!response.body) return;
      await readLines(response.body, (line) => {
        const { event, origin } = line as { event?: ServerEvent; origin?: string };
        if (event) each(event, origin);
        return stop.signal.aborted;
      });
    })()
      .catch((error: unknown) => {
        if (!stop.signal.aborted) this.onerror?.(error as Error);
      })
      .finally(() => onend?.());
    return () => stop.abort();
  }
}
