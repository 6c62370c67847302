import ts from "./typescript.cjs";
import type { JsonSchema } from "../../definitions/tool-definition.js";

/**
 * Takes out of a class's object schema the members that are not its public data: accessors
 * (`get total()`, `set name(v)`, `accessor count = 0`), which live on the prototype; `private`
 * and `protected` members, which TypeScript keeps out of the class's public shape; and ES
 * `#private` fields, which no code outside the class can read. What a tool returns is sent as
 * the properties its schema lists (see runtime/calls/to-json-value.ts), so the schema and the data
 * always agree. An object literal's getter is its own data and stays. (As an argument, a class
 * with methods or accessors is refused outright: see unsupported-type.ts.)
 */
export function omitNonDataMembers(type: ts.Type, definition: JsonSchema, checker: ts.TypeChecker): void {
  const properties = definition.properties as Record<string, JsonSchema> | undefined;
  if (!properties || !(type.flags & ts.TypeFlags.Object)) return;
  const hidden = checker
    .getPropertiesOfType(type)
    .filter((p) => p.getName().startsWith("#") || (p.declarations?.length && p.declarations.every(isNotPublicData)))
    .map((p) => p.getName());
  if (!hidden.length) return;
  for (const name of hidden) delete properties[name];
  if (Array.isArray(definition.required)) definition.required = definition.required.filter((name: string) => !hidden.includes(name));
}

const HIDING = new Set([ts.SyntaxKind.AccessorKeyword, ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword]);

function isNotPublicData(declaration: ts.Declaration): boolean {
  if (ts.isGetAccessorDeclaration(declaration) || ts.isSetAccessorDeclaration(declaration)) return ts.isClassLike(declaration.parent);
  if (!ts.isPropertyDeclaration(declaration) && !ts.isParameter(declaration)) return false;
  if (ts.isPropertyDeclaration(declaration) && ts.isPrivateIdentifier(declaration.name)) return true;
  return (ts.getModifiers(declaration) ?? []).some((m) => HIDING.has(m.kind));
}
