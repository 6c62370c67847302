import { describe, expect, test } from "vitest";
import { toFamilyComparisonPrompt } from "./family-comparison-prompt.js";

describe("toFamilyComparisonPrompt", () => {
  test("names the towns and quotes the family's priorities", () => {
    const text = toFamilyComparisonPrompt(["Winchester", "Arlington", "Lexington"], "  schools,\n then   safety ");
    expect(text.split("\n")[0]).toBe(
      'A family is deciding where to live in Massachusetts and wants Winchester, Arlington and Lexington compared. What matters most to them, in their words, most important first: "schools, then safety".',
    );
  });

  test("asks for compare_towns with the towns as the tool takes them", () => {
    const text = toFamilyComparisonPrompt(["Manchester-by-the-Sea", "Boston"], undefined);
    expect(text).toContain('- compare_towns with ["Manchester-by-the-Sea","Boston"] gives each town');
  });

  test.each([undefined, "", "   "])("weighs every figure evenly when priorities is %j", (priorities) => {
    const text = toFamilyComparisonPrompt(["Winchester", "Arlington"], priorities);
    expect(text.split("\n")[0]).toBe(
      "A family is deciding where to live in Massachusetts and wants Winchester and Arlington compared. They have not said what matters most: weigh schools, safety, price and distance to Boston evenly, and end by asking which matters most to them.",
    );
  });

  test("says what each figure is and is not, and forbids guessing a missing one", () => {
    const text = toFamilyComparisonPrompt(["Winchester", "Arlington"], "price");
    expect(text).toContain("not a sale price");
    expect(text).toContain("regional district has no rating");
    expect(text).toContain("not driving or transit time");
    expect(text).toMatch(/never guess a value\.$/);
  });
});
