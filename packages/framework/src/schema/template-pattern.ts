import ts from "./typescript.cjs";

// JSON's number grammar (RFC 8259 §6): what `${number}` should accept in a string sent as JSON.
const NUMBER = "-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?";
const BIGINT = "-?(?:0|[1-9][0-9]*)";
const ANY = "[\\s\\S]*";

/**
 * The anchored regular expression a template literal type (`` `v${number}` ``, `` `${string}@${string}` ``)
 * stands for: its text parts literally, `${number}` as a JSON number, `${bigint}` as an integer,
 * `${string}` as any text.
 */
export function templatePattern(type: ts.TemplateLiteralType): string {
  let pattern = escape(type.texts[0] ?? "");
  type.types.forEach((hole, i) => {
    pattern += holePattern(hole) + escape(type.texts[i + 1] ?? "");
  });
  return `^${pattern}$`;
}

function holePattern(type: ts.Type): string {
  if (type.flags & ts.TypeFlags.Number) return NUMBER;
  if (type.flags & ts.TypeFlags.BigInt) return BIGINT;
  if (type.isStringLiteral() || type.isNumberLiteral()) return escape(String(type.value));
  if (type.isUnion()) return `(?:${type.types.map(holePattern).join("|")})`;
  return ANY;
}

// Only the characters that are syntax: a `u`-flag expression (as ajv compiles) rejects other escapes.
function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}
