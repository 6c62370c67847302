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

  /** Indexes `towns`, whose names must be distinct once normalized (the loader checks). */
  constructor(readonly towns: readonly TownRecord[]) {
    this.entries = towns.map((town) => ({ key: normalizeTownName(town.name), town }));
    for (const { key, town } of this.entries) this.byKey.set(key, town);
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
    return scored.filter(({ distance }) => distance <= best + 1).slice(0, count).map(({ town }) => town);
  }
}

function distanceTo(query: string, key: string): number {
  // A name that starts with the query's words counts as one edit away.
  if (key.startsWith(`${query} `)) return 1;
  return Math.min(editDistance(query, key), editDistance(query.replaceAll(" ", ""), key.replaceAll(" ", "")));
}
