import { editDistance } from "./edit-distance.js";
import { normalizeTownName } from "./normalize-town-name.js";
import type { TownRecord } from "./town-record.js";

interface Entry {
  readonly key: string;
  readonly town: TownRecord;
}

/** The towns by name as people type them, with the closest names for a name that matches none. */
export class TownIndex {
  private readonly byKey = new Map<string, TownRecord>();
  private readonly entries: readonly Entry[];
  /** Every name A-Z, with the form a typed prefix is compared with; sorted on first use. */
  private sortedNames: ReadonlyArray<{ readonly name: string; readonly folded: string }> | undefined;

  /** Indexes `towns`, whose names must be distinct once normalized (the loader checks). */
  constructor(readonly towns: readonly TownRecord[]) {
    this.entries = towns.map((town) => ({ key: normalizeTownName(town.name), town }));
    for (const { key, town } of this.entries) this.byKey.set(key, town);
  }

  /**
   * Up to `limit` town names, A-Z, that start with `prefix` as typed so far: any case, and a
   * space or a hyphen matches either ("manchester by" → Manchester-by-the-Sea). For completion.
   */
  namesStartingWith(prefix: string, limit = 20): string[] {
    const typed = foldPrefix(prefix.trimStart());
    // Sorted here rather than at start-up: the first locale-aware comparison loads ICU's
    // collation data, a cost worth paying only when a client asks for completions.
    this.sortedNames ??= this.towns.map((town) => ({ name: town.name, folded: foldPrefix(town.name) })).sort((a, b) => a.name.localeCompare(b.name, "en"));
    const names: string[] = [];
    for (const { name, folded } of this.sortedNames) {
      if (names.length >= limit) break;
      if (folded.startsWith(typed)) names.push(name);
    }
    return names;
  }

  /** The town called `name` in any common spelling, or undefined. */
  find(name: string): TownRecord | undefined {
    return this.byKey.get(normalizeTownName(name));
  }

  /**
   * Up to `count` towns whose names are close to `name`, closest first: a typo or two away, or
   * starting with what was typed ("Manchester" → Manchester-by-the-Sea). Empty when none is close.
   */
  closest(name: string, count = 3): TownRecord[] {
    const query = normalizeTownName(name);
    if (!query) return [];
    const allowed = Math.max(1, Math.floor(query.length / 3));
    const scored = this.entries
      .map(({ key, town }) => ({ town, distance: distanceTo(query, key) }))
      .filter(({ distance }) => distance <= allowed)
      .sort((a, b) => a.distance - b.distance || a.town.name.localeCompare(b.town.name));
    // Only near-best matches: one typo away should not bring along names three typos away.
    const best = scored[0]?.distance ?? 0;
    return scored
      .filter(({ distance }) => distance <= best + 1)
      .slice(0, count)
      .map(({ town }) => town);
  }
}

// Unlike normalizeTownName, keeps a trailing space: "west " is on its way to "West Newbury",
// not to Westfield.
function foldPrefix(text: string): string {
  return text.toLowerCase().replace(/[\s-]+/g, " ");
}

function distanceTo(query: string, key: string): number {
  // A name that starts with the query's words counts as one edit away.
  if (key.startsWith(`${query} `)) return 1;
  return Math.min(editDistance(query, key), editDistance(query.replaceAll(" ", ""), key.replaceAll(" ", "")));
}
