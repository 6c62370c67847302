import ts from "./typescript.cjs";

// What TypeScript accepts for `${number}`: any text s with s !== "" and isFinite(+s) (its
// isValidNumberString), so JavaScript's StringNumericLiteral: white space around a signed
// decimal ("1.", ".5", "007", "+1e3") or an unsigned 0x/0o/0b integer, or white space alone.
// The white space is ECMAScript's WhiteSpace and LineTerminator, spelled out because `\s` differs
// between regular expression dialects.
const SPACE = "[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]";
const DIGIT = "[0-9]";

/** A regular expression built from single-character atoms, so a hole can forbid its delimiter at each one. */
type Atoms = (atom: string) => string;

function numberPattern(a: Atoms): string {
  const digits = `${a(DIGIT)}+`;
  const decimal = `${a("[+\\-]")}?(?:${digits}(?:${a("\\.")}${a(DIGIT)}*)?|${a("\\.")}${digits})(?:${a("[eE]")}${a("[+\\-]")}?${digits})?`;
  const integer = `${a("0")}(?:${a("[xX]")}${a("[0-9a-fA-F]")}+|${a("[oO]")}${a("[0-7]")}+|${a("[bB]")}${a("[01]")}+)`;
  return `(?:${a(SPACE)}*(?:${decimal}|${integer})${a(SPACE)}*|${a(SPACE)}+)`;
}

// What TypeScript accepts for `${bigint}` (isValidBigIntString): the text of a bigint literal
// without its `n`, optionally after a minus: no white space, no leading zeros, no plus.
function bigintPattern(a: Atoms): string {
  return `${a("-")}?(?:${a("0")}(?:${a("[xX]")}${a("[0-9a-fA-F]")}+|${a("[oO]")}${a("[0-7]")}+|${a("[bB]")}${a("[01]")}+)?|${a("[1-9]")}${a(DIGIT)}*)`;
}

/**
 * The anchored regular expression matching exactly the strings TypeScript assigns to a template
 * literal type (`` `v${number}` ``, `` `${string}-${number}` ``), except numbers too large to be
 * finite ("1e400"), which no regular expression can tell apart.
 *
 * TypeScript does not search for a split that works: each hole ends at the first occurrence of
 * the text after it (`${string}-${number}` rejects "a-b-1": "b-1" is not a number), and a hole
 * followed directly by another takes one character. The pattern splits the same way.
 */
export function templatePattern(type: ts.TemplateLiteralType): string {
  let pattern = escape(type.texts[0] ?? "");
  type.types.forEach((hole, i) => {
    const next = type.texts[i + 1] ?? "";
    const last = i === type.types.length - 1;
    pattern += (last ? holePattern(hole, "") : next ? holePattern(hole, escape(next), next[0]) : oneCharacter(hole)) + escape(next);
  });
  return `^${pattern}$`;
}

/** A hole's text: up to the end of the string, or up to (not through) the first `stop`. */
function holePattern(type: ts.Type, stop: string, stopFirst = ""): string {
  // An atom that could begin the delimiter must not consume it: the hole ends there.
  const atoms: Atoms = (atom) => (stop && new RegExp(`^${atom}$`, "u").test(stopFirst) ? `(?:(?!${stop})${atom})` : atom);
  switch (holeKind(type)) {
    case "number":
      return numberPattern(atoms);
    case "bigint":
      return bigintPattern(atoms);
    default:
      return textPattern(casingOf(type), atoms);
  }
}

/**
 * The anchored pattern of a bare `Uppercase<string>`, `Lowercase<string>`, `Capitalize<string>`
 * or `Uncapitalize<string>`, or undefined for any other type.
 */
export function stringMappingPattern(type: ts.Type): string | undefined {
  const casing = casingOf(type);
  return casing ? `^${textPattern(casing, (atom) => atom)}$` : undefined;
}

// TypeScript's intrinsic string mappings over `string`: a string belongs to `Uppercase<string>`
// when upper-casing leaves it unchanged, so it holds no lower-case or title-case letter
// (Unicode categories Ll and Lt); `Capitalize<string>` asks that only of the first character.
type Casing = "Uppercase" | "Lowercase" | "Capitalize" | "Uncapitalize";
const ANY = "[\\s\\S]";
const NOT_LOWER = "[^\\p{Ll}\\p{Lt}]";
const NOT_UPPER = "[^\\p{Lu}\\p{Lt}]";

function textPattern(casing: Casing | undefined, atoms: Atoms): string {
  switch (casing) {
    case "Uppercase":
      return `${atoms(NOT_LOWER)}*`;
    case "Lowercase":
      return `${atoms(NOT_UPPER)}*`;
    case "Capitalize":
      return `(?:${atoms(NOT_LOWER)}${atoms(ANY)}*)?`;
    case "Uncapitalize":
      return `(?:${atoms(NOT_UPPER)}${atoms(ANY)}*)?`;
    default:
      return `${atoms(ANY)}*`;
  }
}

function casingOf(type: ts.Type): Casing | undefined {
  if (!(type.flags & ts.TypeFlags.StringMapping)) return undefined;
  const inner = (type as ts.StringMappingType).type;
  if (!(inner.flags & ts.TypeFlags.String)) return undefined;
  const name = type.getSymbol()?.getName();
  return name === "Uppercase" || name === "Lowercase" || name === "Capitalize" || name === "Uncapitalize" ? name : undefined;
}

/** A hole followed directly by another takes exactly one character. */
function oneCharacter(type: ts.Type): string {
  switch (holeKind(type)) {
    case "number":
      return `(?:${DIGIT}|${SPACE})`;
    case "bigint":
      return DIGIT;
    default: {
      const casing = casingOf(type);
      return casing === "Uppercase" || casing === "Capitalize" ? NOT_LOWER : casing ? NOT_UPPER : ANY;
    }
  }
}

// TypeScript spreads unions and literals out of a template's holes into a union of templates
// (`${"a" | "b"}x` is "ax" | "bx", `${boolean}` is "true" | "false"), so a hole holds `string`,
// `number`, `bigint`, or a string-like type taken as text (`string & {}`; `Uppercase<string>`
// and the other string mappings keep their casing rule, see textPattern).
function holeKind(type: ts.Type): "number" | "bigint" | "string" {
  if (type.flags & ts.TypeFlags.Number) return "number";
  if (type.flags & ts.TypeFlags.BigInt) return "bigint";
  return "string";
}

// Only the characters that are syntax: a `u`-flag expression (as ajv compiles) rejects other escapes.
function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}
