import { describe, expect, test } from "vitest";
import { CallsById } from "./calls-by-id.js";

interface Call {
  readonly id: string | number;
  byIdAt: number;
}

const call = (id: string | number): Call => ({ id, byIdAt: -1 });
const table = () => new CallsById<Call>((each) => each.id);

describe("CallsById", () => {
  test("finds each call by its id after others before it are removed", () => {
    const calls = table();
    const [a, b, c] = [call(1), call("1"), call(3)];
    for (const each of [a, b, c]) calls.add(each);
    expect(calls.delete(a)).toBe(true);
    // The last call took the removed one's place: found there, and removable from there.
    expect(calls.get("1")).toBe(b);
    expect(calls.get(3)).toBe(c);
    expect(calls.get(1)).toBeUndefined();
    expect(calls.delete(c)).toBe(true);
    expect(calls.snapshot()).toEqual([b]);
  });

  test("removes a call only once, and not one it does not hold", () => {
    const calls = table();
    const [a, b] = [call(1), call(2)];
    calls.add(a);
    expect(calls.delete(b)).toBe(false);
    expect(calls.delete(a)).toBe(true);
    expect(calls.delete(a)).toBe(false);
    expect(calls.size).toBe(0);
  });

  test("finds calls by id across the many-in-flight threshold, both ways", () => {
    const calls = table();
    const all = Array.from({ length: 100 }, (_, i) => call(`id-${i}`));
    for (const each of all) calls.add(each);
    for (const each of all) expect(calls.get(each.id)).toBe(each);
    // Down to 5 (past where the index is given up), taking every other call first.
    for (let i = 0; i < 100; i += 2) expect(calls.delete(all[i]!)).toBe(true);
    for (let i = 1; i < 90; i += 2) expect(calls.delete(all[i]!)).toBe(true);
    expect(calls.size).toBe(5);
    for (let i = 0; i < 100; i++) expect(calls.get(`id-${i}`)).toBe(i >= 90 && i % 2 === 1 ? all[i] : undefined);
  });

  test("clear forgets every call, which can then be added again", () => {
    const calls = table();
    const a = call(7);
    calls.add(a);
    calls.clear();
    expect(calls.get(7)).toBeUndefined();
    expect(calls.delete(a)).toBe(false);
    calls.add(a);
    expect(calls.get(7)).toBe(a);
  });
});
