import { InFlightList, type Listed } from "./in-flight-list.js";

/** A request id, as JSON-RPC gives it. */
export type CallId = string | number;

/** An item of a `CallsById`: where it sits in it, -1 while in none. In one such table at a time. */
export type ById = Listed<"byIdAt">;

// Up to this many calls at once an id is found by reading them all; past it, through a Map too.
const SCAN_LIMIT = 32;
// The Map is given up only once this few remain, so a count that hovers at the limit does not rebuild it each call.
const UNINDEX_AT = 8;

/**
 * The calls a connection (or an HTTP lane) has in flight, found by request id: an `InFlightList`
 * (each call's place kept on the call, in `byIdAt`, so adding and removing write in place), and a
 * `Map` from id to call only while more than `SCAN_LIMIT` are in flight. Not a `Map` alone: a long-lived
 * `Map` that a call is added to and deleted from on every request replaces its table every few
 * calls (V8 rebuilds an ordered hash table once its deleted entries fill it), as the `Set`s
 * InFlightList replaced did. Measured with the calculator's stateless HTTP calls (in-memory
 * sockets, 16 in flight, 6 paired processes a side): no change in bytes moved to old space (those
 * were hidden classes, see with-fields.ts), CPU per call 3.9 µs (2025-11-25) and 4.6 µs
 * (2026-07-28) less on Node 20, 2.5 and 9.0 µs less on Node 24 (medians, at load 3–4.5 on 2
 * cores). With few calls in flight, reading them all costs less than hashing an id.
 */
export class CallsById<T extends ById> {
  private readonly calls = new InFlightList<T, "byIdAt">("byIdAt");
  private index: Map<CallId, T> | undefined;

  /** `idOf` gives a call's request id; ids are compared with `===`, as a `Map` compares them. */
  constructor(private readonly idOf: (item: T) => CallId) {}

  get size(): number {
    return this.calls.size;
  }

  /** The call in flight with this id, if any. */
  get(id: CallId): T | undefined {
    if (this.index !== undefined) return this.index.get(id);
    for (let i = 0; i < this.calls.size; i++) if (this.idOf(this.calls.at(i)) === id) return this.calls.at(i);
    return undefined;
  }

  /** Adds `item`; another call with its id must not be in flight (`get` would then find either). */
  add(item: T): void {
    this.calls.add(item);
    if (this.index !== undefined) this.index.set(this.idOf(item), item);
    else if (this.calls.size > SCAN_LIMIT) this.index = new Map(this.calls.snapshot().map((each) => [this.idOf(each), each]));
  }

  /** Removes `item`; false when it was not in flight here. */
  delete(item: T): boolean {
    if (!this.calls.delete(item)) return false;
    if (this.index !== undefined) {
      if (this.calls.size <= UNINDEX_AT) this.index = undefined;
      else this.index.delete(this.idOf(item));
    }
    return true;
  }

  /** The calls now in flight, as a copy: what is done with them may remove them. */
  snapshot(): T[] {
    return this.calls.snapshot();
  }

  /** Forgets every call. */
  clear(): void {
    this.calls.clear();
    this.index = undefined;
  }
}
