import ts from "./typescript.cjs";
import type { JsonSchema } from "../tool-definition.js";

/**
 * Takes the accessors a class declares (`get total()`, `set name(v)`, `accessor count = 0`) out
 * of an object schema. They live on the class's prototype, so they are not own enumerable
 * properties of an instance: what a tool returns is serialized without them (as by
 * `JSON.stringify`; see runtime/to-json-value.ts), and a schema requiring them would make
 * every client refuse the result. An object literal's getter is its own property and stays.
 * (As an argument such a class is refused outright: see unsupported-type.ts.)
 */
export function omitClassAccessors(type: ts.Type, definition: JsonSchema, checker: ts.TypeChecker): void {
  const properties = definition.properties as Record<string, JsonSchema> | undefined;
  if (!properties || !(type.flags & ts.TypeFlags.Object)) return;
  const accessors = checker
    .getPropertiesOfType(type)
    .filter((p) => p.declarations?.length && p.declarations.every(isClassAccessor))
    .map((p) => p.getName());
  if (!accessors.length) return;
  for (const name of accessors) delete properties[name];
  if (Array.isArray(definition.required)) definition.required = definition.required.filter((name: string) => !accessors.includes(name));
}

function isClassAccessor(declaration: ts.Declaration): boolean {
  if (ts.isGetAccessorDeclaration(declaration) || ts.isSetAccessorDeclaration(declaration)) return ts.isClassLike(declaration.parent);
  return ts.isPropertyDeclaration(declaration) && (ts.getModifiers(declaration) ?? []).some((m) => m.kind === ts.SyntaxKind.AccessorKeyword);
}
