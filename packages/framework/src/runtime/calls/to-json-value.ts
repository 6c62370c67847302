import type { SchemaPlace } from "./schema-place.js";

/**
 * What a tool returned, as the JSON its output schema describes: `Date`s become ISO 8601 text,
 * `Set`s arrays, `Map`s objects, `Uint8Array`s and `Buffer`s base64 text, `URL`s their `href`, and other objects
 * with `toJSON` what it returns; properties that are `undefined` are left out, as
 * `JSON.stringify` would. A class instance becomes a plain object of the properties its place in
 * the output schema lists (`place`), read as `instance[name]`, so members the build left out of
 * the schema (`private`, `protected`, `#private`, methods, accessors) are never sent; where the
 * schema lists no closed set, of its own enumerable properties. What JSON cannot carry at all (a
 * number that is not finite, a `bigint`, a cycle) is added to `problems` with its path, instead
 * of being quietly turned into `null` or `{}`. Returns the input itself when nothing needed
 * converting.
 */
export function toJsonValue(value: unknown, problems: string[], path: string, place?: SchemaPlace): unknown {
  switch (typeof value) {
    case "number":
      if (!Number.isFinite(value)) problems.push(`${path}: ${describeNonFinite(value)}`);
      return value;
    case "bigint":
      problems.push(`${path}: a bigint, which JSON cannot carry; return a number or a numeric string`);
      return value;
    case "function":
    case "symbol":
      problems.push(`${path}: a ${typeof value}, which JSON cannot carry`);
      return value;
    case "object":
      return value === null ? null : convertObject(value, problems, path, new Set(), place);
    default:
      return value;
  }
}

function describeNonFinite(value: number): string {
  return Number.isNaN(value)
    ? "the result is not a number (NaN), which JSON cannot carry"
    : `the result is too large to represent (${value}): JSON numbers must be finite`;
}

function convert(value: unknown, problems: string[], path: string, seen: Set<object>, place: SchemaPlace | undefined): unknown {
  return typeof value === "object" && value !== null ? convertObject(value, problems, path, seen, place) : toJsonValue(value, problems, path);
}

function convertObject(value: object, problems: string[], path: string, seen: Set<object>, place: SchemaPlace | undefined): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) problems.push(`${path}: an invalid Date`);
    return Number.isNaN(value.getTime()) ? value : value.toISOString();
  }
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64");
  if (value instanceof URL) return value.href;
  if (seen.has(value)) {
    problems.push(`${path}: refers back to itself (a cycle), which JSON cannot carry`);
    return value;
  }
  seen.add(value);
  try {
    if (value instanceof Map) return convertMap(value, problems, path, seen, place);
    if (value instanceof Set) return [...value].map((item, i) => convert(item, problems, `${path}[${i}]`, seen, place?.item(i)));
    if (Array.isArray(value)) return convertArray(value, problems, path, seen, place);
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return convert(toJSON.call(value), problems, path, seen, place);
    const record = isPlainObject(value) ? (value as Record<string, unknown>) : toDataObject(value, place);
    return convertRecord(record, problems, path, seen, place);
  } finally {
    seen.delete(value);
  }
}

function convertArray(value: unknown[], problems: string[], path: string, seen: Set<object>, place: SchemaPlace | undefined): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    // JSON.stringify writes an `undefined` element as null; say so in the value that is checked.
    const converted = item === undefined ? null : convert(item, problems, `${path}[${i}]`, seen, place?.item(i));
    if (converted !== item) (copy ??= value.slice())[i] = converted;
  }
  return copy ?? value;
}

function convertRecord(
  value: Record<string, unknown>,
  problems: string[],
  path: string,
  seen: Set<object>,
  place: SchemaPlace | undefined,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) {
      if (!copy) copy = { ...value };
      delete copy[key];
      continue;
    }
    const converted = convert(item, problems, path ? `${path}.${key}` : key, seen, place?.property(key));
    if (converted !== item) (copy ??= { ...value })[key] = converted;
  }
  return copy ?? value;
}

// A `Map` sends its entries as an object, as `Map<string, T>` declares; other keys have no JSON form.
function convertMap(
  value: Map<unknown, unknown>,
  problems: string[],
  path: string,
  seen: Set<object>,
  place: SchemaPlace | undefined,
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, item] of value) {
    if (typeof key !== "string") problems.push(`${path}: a Map with a ${typeof key} key, which JSON cannot carry; key it by text`);
    else if (item !== undefined) record[key] = convert(item, problems, path ? `${path}.${key}` : key, seen, place?.property(key));
  }
  return record;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// A class instance as the data its schema lists: a client's validator takes only plain objects
// (the 2025-11-25 SDK refuses a `Point` as "expected record"), and only declared data is sent.
function toDataObject(instance: object, place: SchemaPlace | undefined): Record<string, unknown> {
  const keys = place?.dataKeys();
  if (!keys) return { ...(instance as Record<string, unknown>) };
  const data: Record<string, unknown> = {};
  for (const key of keys) if (key in instance) data[key] = (instance as Record<string, unknown>)[key];
  return data;
}
