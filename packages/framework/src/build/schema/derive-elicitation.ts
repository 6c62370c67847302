import ts from "./typescript.cjs";
import { BuildError } from "../../errors/build-error.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { whyNotAskable, whyNotForm } from "./elicitation-types.js";
import { toElicitationProperty } from "./elicitation-subset.js";
import type { FoundElicitation } from "./find-elicitations.js";
import type { SchemaGenerator } from "./schema-generator.js";
import { locationOf } from "./source-location.js";

/** The requested schema of one `ctx.elicit<T>(message)` call, or why `T` cannot be asked for. */
export type DerivedElicitation = { readonly ok: true; readonly schema: JsonSchema } | { readonly ok: false; readonly errors: BuildError[] };

/**
 * Derives the requested schema of a `ctx.elicit<T>(message)` call from `T`, as a tool's
 * parameters are derived (same generator: JSDoc descriptions, `@minLength`, `@format`, `Int`,
 * literal unions), then keeps it to what MCP elicitation can ask: a flat object of strings,
 * numbers, booleans, string choices and multi-selects, `required` from the properties that are
 * not optional. Anything else is a `BuildError` at the call or at the property.
 */
export function deriveElicitation(found: FoundElicitation, checker: ts.TypeChecker, schemas: SchemaGenerator): DerivedElicitation {
  const { call, typeArgument } = found;
  const fail = (node: ts.Node, message: string): DerivedElicitation => ({ ok: false, errors: [elicitationError(node, message)] });
  if (!typeArgument) {
    return fail(
      call,
      "ctx.elicit(message) names neither the answer's type nor a schema: write the type, `ctx.elicit<{ confirm: boolean }>(message)`, and `typemcp build` derives the requested schema from it (or pass a schema as the second argument).",
    );
  }
  const type = checker.getTypeFromTypeNode(typeArgument);
  // On one line: a type literal written over several would break the build's one-line messages.
  const label = `ctx.elicit<${typeArgument.getText().replace(/\s+/g, " ")}>`;
  const whyNot = whyNotForm(type, checker);
  if (whyNot) return fail(typeArgument, `${label}: ${whyNot}`);

  const errors: BuildError[] = [];
  const askable: ts.Symbol[] = [];
  for (const property of checker.getPropertiesOfType(type)) {
    const why = whyNotAskable(checker.getTypeOfSymbolAtLocation(property, call), checker);
    if (why) errors.push(elicitationError(where(property, typeArgument), `${label}: property "${property.getName()}": ${why}`));
    else askable.push(property);
  }
  if (errors.length) return { ok: false, errors };

  let whole: JsonSchema;
  try {
    whole = schemas.forType(type, { typeNode: typeArgument }).schema;
  } catch (error) {
    return fail(typeArgument, `${label}: ${(error as Error).message}`);
  }
  const derived = (whole.properties ?? {}) as Record<string, JsonSchema>;
  const properties: Record<string, JsonSchema> = {};
  for (const property of askable) {
    const name = property.getName();
    const converted = toElicitationProperty(derived[name] ?? {});
    if ("why" in converted) errors.push(elicitationError(where(property, typeArgument), `${label}: property "${name}": ${converted.why}`));
    else properties[name] = converted.schema;
  }
  if (errors.length) return { ok: false, errors };
  // In declaration order (the generator sorts them): a form shows what it requires in the order written.
  const required = askable.filter((p) => !isOptional(p, call, checker)).map((p) => p.getName());
  // Only the keywords the spec's `requestedSchema` has: a client may refuse any other.
  return { ok: true, schema: { type: "object", properties, ...(required.length ? { required } : {}) } };
}

// `name?: T` and `name: T | undefined` may both be left out.
function isOptional(property: ts.Symbol, at: ts.Node, checker: ts.TypeChecker): boolean {
  if (property.flags & ts.SymbolFlags.Optional) return true;
  const type = checker.getTypeOfSymbolAtLocation(property, at);
  return type.isUnion() && type.types.some((t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void));
}

function elicitationError(node: ts.Node, message: string): BuildError {
  return new BuildError("UNSUPPORTED_SIGNATURE", message, { location: locationOf(node) });
}

// At the property when it is written inside the call's type argument, else at the type argument.
function where(property: ts.Symbol, typeArgument: ts.TypeNode): ts.Node {
  const declaration = property.declarations?.[0];
  const inside =
    declaration && declaration.getSourceFile() === typeArgument.getSourceFile() && declaration.pos >= typeArgument.pos && declaration.end <= typeArgument.end;
  return inside ? declaration : typeArgument;
}
