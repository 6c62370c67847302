import { describe, expect, test } from "vitest";
import { normalizeTownName } from "./normalize-town-name.js";

describe("normalizeTownName", () => {
  test.each([
    ["Winchester", "winchester"],
    ["  WINCHESTER ", "winchester"],
    ["Manchester-by-the-Sea", "manchester by the sea"],
    ["manchester by the sea", "manchester by the sea"],
    ["Manchester  By The  Sea", "manchester by the sea"],
    ["Town of Natick", "natick"],
    ["City of Boston", "boston"],
    ["Boston city", "boston"],
    ["Barnstable Town city", "barnstable"],
    ["Winchester Town", "winchester"],
    ["Winchester, MA", "winchester"],
    ["Lee, Massachusetts", "lee"],
    ["Mt. Washington", "mount washington"],
    ["Foxboro", "foxboro"],
    ["Foxborough", "foxboro"],
    ["North Attleboro", "north attleboro"],
    ["Montréal", "montreal"],
  ])("normalizes %j to %j", (input, expected) => {
    expect(normalizeTownName(input)).toBe(expected);
  });

  test("keeps 'town' that is part of a name, as in Watertown or Newtown", () => {
    expect(normalizeTownName("Watertown")).toBe("watertown");
    expect(normalizeTownName("Town")).toBe("town");
  });
});
