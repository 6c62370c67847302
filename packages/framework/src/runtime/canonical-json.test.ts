import { describe, expect, test } from "vitest";
import { canonicalJson } from "./canonical-json.js";

describe("canonicalJson", () => {
  test("gives the same text for the same value whatever the key order", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: "s" } })).toBe('{"a":{"c":"s","d":[1,{"x":1,"y":2}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  test("tells apart values that differ only in type", () => {
    expect(canonicalJson({ n: 1 })).not.toBe(canonicalJson({ n: "1" }));
    expect(canonicalJson({ a: undefined })).toBe("{}");
  });
});
