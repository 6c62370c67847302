/** An item of an `InFlightList`: where it sits in the list, -1 while in none. In one list at a time. */
export interface Listed {
  listedAt: number;
}

/**
 * What a long-lived owner (a server's lanes, the keep-alive sweeper) has in flight: an array
 * that keeps each item's place on the item, so adding and removing write in place. Not a `Set`:
 * on Node 20 (V8 11.3), two long-lived `Set`s added to and deleted from on every call (the
 * lanes' exchanges and the answers kept alive) kept the calls in flight alive through
 * scavenges, as far as measured through the tables a `Set` replaces when it rebuilds itself
 * every few calls: each call's request, response and answer was copied into old space (3.7 KB a
 * call, with 16 in flight), about half of a stateless HTTP call's CPU, and an OpenTelemetry
 * SDK's garbage per request went with it. Measured by bench/trace-gap.mjs and
 * test/old-space-per-call.test.ts; Node 24 did not show it.
 */
export class InFlightList<T extends Listed> {
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  add(item: T): void {
    item.listedAt = this.items.length;
    this.items.push(item);
  }

  has(item: T): boolean {
    return item.listedAt >= 0 && this.items[item.listedAt] === item;
  }

  /** Removes `item`; false when it was not in the list. The last item takes its place. */
  delete(item: T): boolean {
    if (!this.has(item)) return false;
    const last = this.items.pop()!;
    if (last !== item) {
      this.items[item.listedAt] = last;
      last.listedAt = item.listedAt;
    }
    item.listedAt = -1;
    return true;
  }

  /** The items now in the list, as a copy: what is done with them may remove them. */
  snapshot(): T[] {
    return [...this.items];
  }
}
