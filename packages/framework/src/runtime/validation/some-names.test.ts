import { describe, expect, test } from "vitest";
import { someNames } from "./some-names.js";

describe("someNames", () => {
  test("lists a few names whole", () => {
    expect(someNames(["add", "subtract"])).toBe("add, subtract");
  });

  test("says none when there are none", () => {
    expect(someNames([])).toBe("none");
  });

  test("lists the first 20 of a thousand and counts the rest", () => {
    const names = Array.from({ length: 1000 }, (_, i) => `t${i}`);
    expect(someNames(names)).toBe(`${names.slice(0, 20).join(", ")} and 980 more (tools/list names them all)`);
  });
});
