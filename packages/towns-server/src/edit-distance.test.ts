import { describe, expect, test } from "vitest";
import { editDistance } from "./edit-distance.js";

describe("editDistance", () => {
  test.each([
    ["winchester", "winchester", 0],
    ["winchster", "winchester", 1],
    ["winchesterr", "winchester", 1],
    ["wnichester", "winchester", 1],
    ["bostn", "boston", 1],
    ["kitten", "sitting", 3],
    ["", "lee", 3],
    ["lee", "", 3],
  ])("counts %j → %j as %d edits", (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
    expect(editDistance(b, a)).toBe(expected);
  });
});
