import ts from "./typescript.cjs";
import { describe, expect, test } from "vitest";
import { evaluateLiteral } from "./evaluate-literal.js";

/** The initializer of `const value = <code>;`, parsed as the build would see it. */
function parse(code: string): ts.Expression {
  const file = ts.createSourceFile("literal.ts", `const value = ${code};`, ts.ScriptTarget.ES2022, true);
  const [statement] = file.statements;
  if (!statement || !ts.isVariableStatement(statement)) throw new Error(`cannot parse ${code}`);
  const initializer = statement.declarationList.declarations[0]?.initializer;
  if (!initializer) throw new Error(`no initializer in ${code}`);
  return initializer;
}

describe("evaluateLiteral", () => {
  test.each([
    ["5", 5],
    ["1.5", 1.5],
    ["1_000", 1000],
    ["0x10", 16],
    ["-1", -1],
    ["-(2)", -2],
    ['"c"', "c"],
    ["'single'", "single"],
    ["`plain template`", "plain template"],
    ["true", true],
    ["false", false],
    ["null", null],
  ])("evaluates the primitive literal %s", (code, expected) => {
    expect(evaluateLiteral(parse(code))).toBe(expected);
  });

  test("evaluates an array of literals", () => {
    expect(evaluateLiteral(parse('[1, "two", [true, null]]'))).toEqual([1, "two", [true, null]]);
  });

  test("evaluates an object literal with identifier and string keys", () => {
    expect(evaluateLiteral(parse('{ a: 1, "b-c": { d: [-2] } }'))).toEqual({ a: 1, "b-c": { d: [-2] } });
  });

  test("looks through parentheses, as and satisfies", () => {
    expect(evaluateLiteral(parse('("x" as const)'))).toBe("x");
    expect(evaluateLiteral(parse("{ n: 3 } satisfies { n: number }"))).toEqual({ n: 3 });
  });

  test.each([
    ["an identifier", "limit"],
    ["a call", "Date.now()"],
    ["a template with a substitution", "`a${1}`"],
    ["a unary plus", "+5"],
    ["a negated string", '-"5"'],
    ["a bigint", "1n"],
    ["an arithmetic expression", "1 + 2"],
  ])("returns undefined for %s", (_kind, code) => {
    expect(evaluateLiteral(parse(code))).toBeUndefined();
  });

  test.each([
    ["an array with a computed element", "[1, limit]"],
    ["an object with a computed value", "{ a: limit }"],
    ["an object with a spread", "{ ...base }"],
    ["an object with a shorthand property", "{ limit }"],
    ["an object with a computed key", '{ ["a"]: 1 }'],
    ["an object with a method", "{ f() { return 1; } }"],
  ])("returns undefined for %s", (_kind, code) => {
    expect(evaluateLiteral(parse(code))).toBeUndefined();
  });
});
