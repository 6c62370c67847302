import { expect, test } from "vitest";
import { withFields } from "./with-fields.js";

test("withFields gives what a spread gives: source's keys in order, then the fields, a field replacing a key in place", () => {
  const source = { content: [], resultType: undefined, isError: false } as Record<string, unknown>;
  const made = withFields(source, { resultType: "complete", _meta: { a: 1 } });
  expect(Object.entries(made)).toEqual(Object.entries({ ...source, resultType: "complete", _meta: { a: 1 } }));
  // The source is left as it was.
  expect(source.resultType).toBeUndefined();
});

test("withFields keeps a `__proto__` key as a property, as a spread does, not as the prototype", () => {
  const source = JSON.parse('{"__proto__": {"polluted": true}, "text": "x"}') as Record<string, unknown>;
  const made = withFields(source, {});
  expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
  expect((made as { polluted?: boolean }).polluted).toBeUndefined();
  expect(Object.keys(made)).toEqual(["__proto__", "text"]);
});
