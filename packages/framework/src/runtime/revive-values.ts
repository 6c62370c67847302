import type { Revival, RevivalStep } from "../tool-definition.js";

/**
 * Rebuilds the values JSON cannot carry inside a validated argument, as the build planned: ISO
 * strings become `Date`s, arrays become `Set`s. Returns a new value where anything changed and
 * leaves the input untouched; a part that is absent or `null` (an optional or nullable slot) is
 * left as it is.
 */
export function reviveValues(value: unknown, revivals: "date" | readonly Revival[]): unknown {
  if (revivals === "date") return toDate(value);
  let revived = value;
  for (const revival of revivals) revived = reviveAt(revived, revival.path, revival.to === "date" ? toDate : toSet);
  return revived;
}

function reviveAt(value: unknown, path: readonly RevivalStep[], convert: (value: unknown) => unknown): unknown {
  if (path.length === 0) return convert(value);
  if (value === null || typeof value !== "object") return value;
  const [step, ...rest] = path;
  if (Array.isArray(value)) {
    if (step === null) return value.map((item: unknown) => reviveAt(item, rest, convert));
    const index = Number(step);
    if (!Number.isInteger(index) || index >= value.length) return value;
    const copy = [...value];
    copy[index] = reviveAt(value[index], rest, convert);
    return copy;
  }
  // A Set revived by an earlier (inner-first) step is not descended into again.
  if (value instanceof Set || value instanceof Date) return value;
  const record = value as Record<string, unknown>;
  if (step === null) {
    return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, reviveAt(item, rest, convert)]));
  }
  if (step === undefined || !Object.hasOwn(record, step)) return value;
  return { ...record, [step]: reviveAt(record[step], rest, convert) };
}

function toDate(value: unknown): unknown {
  return typeof value === "string" ? new Date(value) : value;
}

function toSet(value: unknown): unknown {
  return Array.isArray(value) ? new Set(value) : value;
}
