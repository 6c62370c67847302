import { describe, expect, test } from "vitest";
import { LruCache } from "./lru-cache.js";

describe("LruCache", () => {
  test("evicts the least recently used entry when over capacity", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // "b" is now the least recently used
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  test("replaces the value of an existing key without growing", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("a", 2);
    expect(cache.get("a")).toBe(2);
    expect(cache.size).toBe(1);
  });

  test("rejects a capacity below 1", () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
