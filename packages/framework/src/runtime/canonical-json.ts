/**
 * `value` as JSON with every object's keys in sorted order, so the same arguments give the same
 * text however a client orders or spaces them (what a digest of arguments is taken over).
 * Values JSON cannot carry are written as `JSON.stringify` writes them (`undefined` members left out).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : canonicalJson(item))).join(",")}]`;
  const members = Object.keys(value)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${members.join(",")}}`;
}
