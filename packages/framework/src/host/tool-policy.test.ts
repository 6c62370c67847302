import { describe, expect, test } from "vitest";
import { checkToolPolicy, matchesGlob } from "./tool-policy.js";

describe("matchesGlob", () => {
  test.each([
    ["towns__get_housing", "towns__*", true],
    ["towns__get_housing", "*__get_*", true],
    ["calc__add", "towns__*", false],
    ["calc__add", "calc__ad?", true],
    ["calc__add", "calc__a", false],
    ["a.b__c", "a.b__*", true],
    ["axb__c", "a.b__*", false],
    ["calc__add", "*", true],
  ])("%s against %s is %s", (name, pattern, expected) => {
    expect(matchesGlob(name, pattern)).toBe(expected);
  });
});

describe("checkToolPolicy", () => {
  test("lets everything through when there are no patterns", () => {
    expect(checkToolPolicy("calc__add", {})).toBeUndefined();
  });

  test("requires a match among --allow patterns when any are given", () => {
    expect(checkToolPolicy("calc__add", { allow: ["calc__*"] })).toBeUndefined();
    expect(checkToolPolicy("towns__x", { allow: ["calc__*"] })).toBe('it matches no --allow pattern ("calc__*")');
  });

  test("lets --deny win over --allow", () => {
    expect(checkToolPolicy("calc__divide", { allow: ["calc__*"], deny: ["*__divide"] })).toBe('it matches --deny "*__divide"');
  });
});
