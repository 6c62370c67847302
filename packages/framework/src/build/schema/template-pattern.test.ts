import { describe, expect, test } from "vitest";
import { ArgumentValidator } from "../../runtime/validation/argument-validator.js";
import { deriveOne } from "./__fixtures__/derive-one.js";

/**
 * Each template type with strings tsc 5.9.3 accepts and rejects for it (checked by assigning each
 * string literal to the type under `tsc --strict`).
 */
const CASES: ReadonlyArray<{ type: string; accepts: string[]; rejects: string[] }> = [
  {
    type: "`${number}`",
    accepts: [
      "1",
      " 1 ",
      " ",
      "\t",
      "\u00a0",
      "\ufeff",
      "\u2028",
      "\u3000",
      "01",
      "1.",
      ".5",
      "+1",
      "-2.5e-3",
      "+.5e-3",
      "1e3",
      "0x1F",
      "0X1f",
      "0b1",
      "0o7",
      "00.5",
    ],
    rejects: ["", ".", "-", "e5", "1e", "1_0", "Infinity", "-Infinity", "NaN", "- 1", "0x", "-0x1F", "+0x1", "0x1.5", "0b2", "1n", "\u200b", "\u180e"],
  },
  {
    type: "`${bigint}`",
    accepts: ["0", "1", "-1", "-0", "0x1F", "0X1F", "-0x1F", "0b1", "0o7", "9007199254740993"],
    rejects: ["", "-", "01", "007", "00", "08", " 1", "1 ", "+1", "1.0", "1e3", "1_0", "- 1"],
  },
  { type: "`${number}.${number}`", accepts: ["1503435956.000247", "1.5.3", "1..5", " . ", "0x1.2"], rejects: ["1.", ".", "1.x", "x.1"] },
  { type: "`${string}-${number}`", accepts: ["PROJ-007", "-1", "a--1", "a- 1", "x-0x1f"], rejects: ["a-b-1", "PROJ-", "PROJ"] },
  { type: "`${string}ab${number}`", accepts: ["aab1", "ab1"], rejects: ["abab1", "aabb1"] },
  { type: "`${string}aa${number}`", accepts: ["aa1", "xaa1"], rejects: ["aaa1", "xaaa1"] },
  { type: "`${number}${string}`", accepts: ["12", "1", " x"], rejects: ["x2", ""] },
  { type: "`${number}${number}`", accepts: ["12", "123"], rejects: ["1", "1x"] },
  { type: "`${string}:${string}`", accepts: ["a:b:c", ":"], rejects: ["a", ""] },
  { type: "`a${string}a`", accepts: ["aa", "aba"], rejects: ["a", "ab"] },
  { type: "`v${bigint}`", accepts: ["v-0x1F", "v0", "v-0"], rejects: ["v01", "v 1", "v"] },
  { type: "`${boolean}-${null}`", accepts: ["true-null", "false-null"], rejects: ["True-null", "true-undefined"] },
  { type: '`${"a" | "b"}.${number}`', accepts: ["a.1", "b.007"], rejects: ["c.1", "a.x"] },
  { type: "`${Uppercase<string>}-${number}`", accepts: ["ENG-123", "-1", "A_B-2", "ÉCOLE-1"], rejects: ["eng-123", "Eng-1", "ß-1"] },
  { type: "`${Lowercase<string>}.json`", accepts: ["a.json", "1.json", ".json"], rejects: ["A.json", "aB.json"] },
  { type: "`${Capitalize<string>}!`", accepts: ["Hello!", "!", "HELLO!"], rejects: ["hello!"] },
  { type: "`${Uncapitalize<string>}-x`", accepts: ["hELLO-x", "-x"], rejects: ["Hello-x"] },
  { type: "Uppercase<string>", accepts: ["ABC", "", "A-1"], rejects: ["aBC"] },
];

describe("templatePattern", () => {
  test.each(CASES)("accepts exactly the strings tsc assigns to $type", ({ type, accepts, rejects }) => {
    const tool = deriveOne(`@tool() f(value: ${type}): void {}`);
    const validator = new ArgumentValidator(tool.inputSchema);
    const accepted = (value: string) => validator.check({ value }).length === 0;
    expect(accepts.filter((value) => !accepted(value))).toEqual([]);
    expect(rejects.filter(accepted)).toEqual([]);
  });

  test("stops a hole at its delimiter only where the delimiter could begin", () => {
    const tool = deriveOne("@tool() f(id: `${string}-${number}`): void {}");
    const number = (tool.inputSchema.properties as Record<string, { pattern?: string }>)["id"]?.pattern;
    expect(number).toBe(
      "^(?:(?!-)[\\s\\S])*-(?:[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]*(?:[+\\-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+\\-]?[0-9]+)?|0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+))[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]*|[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+)$",
    );
  });
});
