import ts from "./typescript.cjs";
import { isDateType, isIntType } from "./special-types.js";
import { whyNoJsonForm } from "./unsupported-type.js";

const FLAT = "MCP elicitation asks for a flat object of strings, numbers, booleans and string choices";

/**
 * Why `type`, the `T` of `ctx.elicit<T>(message)`, is not an object type whose properties make
 * a form, or undefined when it is (its properties are checked one by one with `whyNotAskable`).
 */
export function whyNotForm(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  if (type.flags & ts.TypeFlags.TypeParameter) {
    return `\`${checker.typeToString(type)}\` is a type parameter, left generic: the build derives the requested schema from the type written at the call, so write a concrete object type there (or pass a schema)`;
  }
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown))
    return `\`${checker.typeToString(type)}\` says nothing about the answer; write its fields, \`ctx.elicit<{ confirm: boolean }>(message)\``;
  if (type.isUnion())
    return `a union (\`${checker.typeToString(type)}\`) cannot be asked for: ${FLAT}, one fixed set of fields; make the fields that differ optional`;
  const shape = `\`${checker.typeToString(type)}\` is not an object type of the answer's fields: ${FLAT}, e.g. \`ctx.elicit<{ confirm: boolean }>(message)\``;
  if (!(type.flags & ts.TypeFlags.Object) || checker.isArrayLikeType(type) || isDateType(type) || type.getCallSignatures().length) return shape;
  const why = whyNoJsonForm(type);
  if (why) return why;
  if (checker.getPropertiesOfType(type).length === 0) {
    return checker.getIndexInfosOfType(type).length
      ? `\`${checker.typeToString(type)}\` has no fixed fields (an index signature or \`Record\`): a form needs them named`
      : `\`${checker.typeToString(type)}\` has no fields to ask for`;
  }
  return undefined;
}

/**
 * Why one property of a form, of `type`, cannot be asked for in MCP elicitation, or undefined
 * when it can: a string, number, `Int` or boolean; a union of string literals (or a string
 * enum), a choice; an array of them, a multi-select. `undefined` (an optional property) aside.
 */
export function whyNotAskable(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  const members = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
  if (members.some((t) => t.flags & ts.TypeFlags.Null))
    return "`null` cannot be an answer; make the property optional (`name?: T`) for one the user may leave out";
  if (members.some((t) => t.flags & ts.TypeFlags.TypeParameter))
    return `\`${checker.typeToString(type)}\` is a type parameter, left generic: write a concrete type at the call`;
  if (members.some((t) => t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)))
    return "is typed `any` or `unknown`: a form needs a string, number, boolean or string choices";
  if (members.length === 0) return `\`${checker.typeToString(type)}\` cannot be an answer`;
  // `boolean` is the union `true | false`.
  if (members.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) {
    return members.length === 2 ? undefined : "a single `true` or `false` is no question; take a `boolean`";
  }
  if (members.length > 1) {
    if (members.every((t) => t.isStringLiteral())) return undefined;
    if (members.every((t) => t.isNumberLiteral())) return "number choices cannot be asked for: MCP elicitation offers string choices only; use string literals";
    return `a union of different types (\`${checker.typeToString(type)}\`) cannot be asked for: ${FLAT}`;
  }
  return whyNotPrimitive(members[0]!, checker);
}

function whyNotPrimitive(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  if (type.flags & (ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.Boolean) || type.isStringLiteral() || isIntType(type, checker)) return undefined;
  if (type.isNumberLiteral()) return "number choices cannot be asked for: MCP elicitation offers string choices only; use string literals";
  if (isDateType(type))
    return "a `Date` cannot be asked for: MCP elicitation takes strings, numbers, booleans and string choices; take a `string` tagged `@format date-time` (or `@format date`) and build the `Date` from it";
  if (checker.isArrayType(type)) {
    const element = checker.getTypeArguments(type as ts.TypeReference)[0];
    const choices = element && (element.isUnion() ? element.types : [element]).every((t) => t.isStringLiteral());
    return choices
      ? undefined
      : `an array of \`${element ? checker.typeToString(element) : "unknown"}\` cannot be asked for: only an array of string literals (a multi-select, e.g. \`("red" | "green")[]\`) can`;
  }
  if (type.getCallSignatures().length) return "a function cannot be asked for";
  if (type.flags & ts.TypeFlags.Object)
    return `a nested object (\`${checker.typeToString(type)}\`) cannot be asked for: ${FLAT}; ask for its fields as properties of their own`;
  return whyNoJsonForm(type) ?? `\`${checker.typeToString(type)}\` cannot be asked for: ${FLAT}`;
}
