import type { Revival, RevivalDefs, RevivalStep } from "../../definitions/tool-definition.js";

type Convert = (value: unknown) => unknown;

/**
 * Rebuilds the values JSON cannot carry inside a validated argument, as the build planned: ISO
 * strings become `Date`s, arrays `Set`s, objects `Map`s, base64 text `Uint8Array`s or `Buffer`s, text `URL`s
 * (where the type takes other text too, only text that is a date-time or an absolute URI);
 * a `ref` step applies a recursive type's own list from `defs` at that depth. Returns a new value
 * where anything changed and leaves the input untouched; a part that is absent or `null` (an
 * optional or nullable slot) is left as it is.
 */
export function reviveValues(value: unknown, revivals: "date" | readonly Revival[], defs: RevivalDefs = {}): unknown {
  if (revivals === "date") return toDate(value);
  let revived = value;
  for (const revival of revivals) revived = reviveAt(revived, revival.path, converter(revival, defs));
  return revived;
}

function converter(revival: Revival, defs: RevivalDefs): Convert {
  switch (revival.to) {
    case "date":
      return revival.only ? toDateIfDateTime : toDate;
    case "set":
      return toSet;
    case "map":
      return toMap;
    case "bytes":
      return toBytes;
    case "buffer":
      return toBuffer;
    case "url":
      return revival.only ? toUrlIfAbsolute : toUrl;
    case "ref": {
      const list = defs[revival.ref ?? ""] ?? [];
      return (value) => reviveValues(value, list, defs);
    }
  }
}

function reviveAt(value: unknown, path: readonly RevivalStep[], convert: Convert): unknown {
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
  // A value revived by an earlier (inner-first) step is not descended into again.
  if (value instanceof Set || value instanceof Map || value instanceof Date || value instanceof Uint8Array || value instanceof URL) return value;
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

// RFC 3339 `date-time`, as the schema's `format: "date-time"` checks it.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

function toDateIfDateTime(value: unknown): unknown {
  return typeof value === "string" && DATE_TIME.test(value) ? new Date(value) : value;
}

function toUrlIfAbsolute(value: unknown): unknown {
  return typeof value === "string" && URL.canParse(value) ? new URL(value) : value;
}

function toMap(value: unknown): unknown {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? new Map(Object.entries(value)) : value;
}

function toSet(value: unknown): unknown {
  return Array.isArray(value) ? new Set(value) : value;
}

function toBuffer(value: unknown): unknown {
  return typeof value === "string" ? Buffer.from(value, "base64") : value;
}

// A fresh `Uint8Array`, not a view into Node's shared Buffer pool.
function toBytes(value: unknown): unknown {
  return typeof value === "string" ? Uint8Array.from(Buffer.from(value, "base64")) : value;
}

function toUrl(value: unknown): unknown {
  return typeof value === "string" ? new URL(value) : value;
}
