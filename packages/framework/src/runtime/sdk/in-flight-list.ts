/** The property an item of an `InFlightList` keeps its place in: one per list it can be in at once. */
export type Slot = "listedAt" | "byIdAt";

/** An item of an `InFlightList` kept in `S`: where it sits in the list, -1 while in none. In one list per slot at a time. */
export type Listed<S extends Slot = "listedAt"> = Record<S, number>;

/**
 * What a long-lived owner (a server's lanes, the keep-alive sweeper, a connection's calls by id)
 * has in flight: an array that keeps each item's place on the item, so adding and removing write
 * in place. Not a `Set`: on Node 20 (V8 11.3), two long-lived `Set`s added to and deleted from on
 * every call (the lanes' exchanges and the answers kept alive) kept the calls in flight alive
 * through scavenges, as far as measured through the tables a `Set` replaces when it rebuilds
 * itself every few calls: each call's request, response and answer was copied into old space (3.7
 * KB a call, with 16 in flight), about half of a stateless HTTP call's CPU, and an OpenTelemetry
 * SDK's garbage per request went with it. Measured by bench/trace-gap.mjs and
 * test/old-space-per-call.test.ts; Node 24 did not show it. An item in two lists at once (a lane's
 * exchange) keeps its place in each in a slot of its own.
 */
export class InFlightList<T extends Listed<S>, S extends Slot = "listedAt"> {
  private readonly items: T[] = [];

  constructor(private readonly slot: S = "listedAt" as S) {}

  get size(): number {
    return this.items.length;
  }

  /** The item at `index` (0 to `size` − 1), for reading the list without copying it. */
  at(index: number): T {
    return this.items[index]!;
  }

  add(item: T): void {
    item[this.slot] = this.items.length as T[S];
    this.items.push(item);
  }

  has(item: T): boolean {
    const at = item[this.slot];
    return at >= 0 && this.items[at] === item;
  }

  /** Removes `item`; false when it was not in the list. The last item takes its place. */
  delete(item: T): boolean {
    if (!this.has(item)) return false;
    const last = this.items.pop()!;
    if (last !== item) {
      this.items[item[this.slot]] = last;
      last[this.slot] = item[this.slot];
    }
    item[this.slot] = -1 as T[S];
    return true;
  }

  /** The items now in the list, as a copy: what is done with them may remove them. */
  snapshot(): T[] {
    return [...this.items];
  }

  /** Forgets every item. */
  clear(): void {
    for (const item of this.items) item[this.slot] = -1 as T[S];
    this.items.length = 0;
  }
}
