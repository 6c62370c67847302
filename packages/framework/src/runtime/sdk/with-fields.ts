/**
 * `{ ...source, ...fields }` for the objects every call makes, written property by property. Not
 * a spread: on Node 20 (V8 11.3), spreading an object that was itself made by a spread (or by
 * `const { a, ...rest } = …`) and adding a property gives the result a hidden class of its own on
 * every call, made in old space with its descriptors, which scavenges then copy there too: on
 * the stateless HTTP path ~160 B a call allocated in old space and ~70 B a call moved there, for
 * the full collector to reclaim (bench/trace-gap.mjs, test/old-space-per-call.test.ts). Added
 * one by one, the properties follow the hidden classes earlier calls made. Node 24 does not do it.
 */
export function withFields<T>(source: Record<string, T>, fields: Record<string, T>): Record<string, T> {
  const all: Record<string, T> = {};
  for (const key of Object.keys(source)) put(all, key, source[key]!);
  for (const key of Object.keys(fields)) put(all, key, fields[key]!);
  return all;
}

// As a spread defines it: a key "__proto__" (JSON.parse makes such keys) is a property, not the prototype.
function put<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
