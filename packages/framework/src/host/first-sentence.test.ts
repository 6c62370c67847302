import { describe, expect, test } from "vitest";
import { firstSentence } from "./first-sentence.js";

describe("firstSentence", () => {
  test.each([
    ["Add two numbers. Returns their sum.", "Add two numbers."],
    ["Divide a by b and return the quotient (a ÷ b). Fails when b is zero.", "Divide a by b and return the quotient (a ÷ b)."],
    ["Latitude, e.g. 38.8977 for Washington. More.", "Latitude, e.g. 38.8977 for Washington."],
    ["Echo back\n  the input!  Then stop.", "Echo back the input!"],
    ["No period at all", "No period at all"],
    ["Costs 3.5 dollars. Cheap.", "Costs 3.5 dollars."],
    ["Alerts and statements (e.g. Tornado Warning). More.", "Alerts and statements (e.g. Tornado Warning)."],
    ["", ""],
    [undefined, ""],
  ])("of %j is %j", (text, expected) => {
    expect(firstSentence(text)).toBe(expected);
  });
});
