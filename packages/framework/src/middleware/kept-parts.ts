// Line parts kept as UTF-8 by two names (a method and its target, a client and its era), so a
// line of a kind seen before costs no string and no encoding.
import { bytesOf } from "./stderr-lines.js";

// Past this many kept parts per name, a part is made per line: a target or a client is a name a
// client chooses.
const MAX_KEPT = 512;

/** Parts made by `make` from two names, the second optional, kept as bytes. */
export class KeptParts {
  private readonly byFirst = new Map<string, Map<string, Uint8Array>>();
  // Kept apart, so no second name can stand for "none".
  private readonly firstOnly = new Map<string, Uint8Array>();

  constructor(private readonly make: (first: string, second: string | undefined) => string) {}

  /** The part for `first` and `second`, made the first time they are seen. */
  get(first: string, second: string | undefined): Uint8Array {
    let bySecond = this.byFirst.get(first);
    if (bySecond === undefined) {
      bySecond = new Map();
      if (this.byFirst.size < MAX_KEPT) this.byFirst.set(first, bySecond);
    }
    const kept = second === undefined ? this.firstOnly.get(first) : bySecond.get(second);
    if (kept !== undefined) return kept;
    const made = bytesOf(this.make(first, second));
    if (second === undefined) {
      if (this.firstOnly.size < MAX_KEPT) this.firstOnly.set(first, made);
    } else if (bySecond.size < MAX_KEPT) bySecond.set(second, made);
    return made;
  }
}
