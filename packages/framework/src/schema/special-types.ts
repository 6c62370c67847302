import ts from "typescript";
import { libraryName } from "./unsupported-type.js";

/** The JSDoc tag on typemcp's own type aliases saying which JSON Schema type they stand for. */
const TYPE_TAG = "typemcpType";

/** Whether `type` is typemcp's `Int`, even where its alias name was lost (`Int[]`, `Int | null`). */
export function isIntType(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (type.aliasSymbol && taggedType(type.aliasSymbol.declarations?.[0]) === "integer") return true;
  if (!type.isIntersection() || !type.types.some((member) => member.flags & ts.TypeFlags.Number)) return false;
  return type.types.some((member) =>
    checker.getPropertiesOfType(member).some((brand) => taggedType(enclosingAlias(brand.declarations?.[0])) === "integer"),
  );
}

/** Whether `symbol` is one of typemcp's own type aliases (`Int`), whose JSDoc speaks to authors, not to models. */
export function isTypemcpAlias(symbol: ts.Symbol | undefined): boolean {
  return taggedType(symbol?.declarations?.[0]) !== undefined;
}

/** Whether `type` is the standard `Date`. */
export function isDateType(type: ts.Type): boolean {
  return libraryName(type) === "Date";
}

/** The element type of a `Set<T>` or `ReadonlySet<T>`, else undefined. */
export function setElementType(type: ts.Type, checker: ts.TypeChecker): ts.Type | undefined {
  const name = libraryName(type);
  if (name !== "Set" && name !== "ReadonlySet") return undefined;
  return checker.getTypeArguments(type as ts.TypeReference)[0];
}

/**
 * The value type of an object type that is nothing but a string index: `Record<string, T>` and
 * other mapped types. A declared `{ [key: string]: T }` is left to typescript-json-schema,
 * which handles it (recursive ones included); it loses `T` only for mapped types.
 */
export function recordValueType(type: ts.Type, checker: ts.TypeChecker): ts.Type | undefined {
  if (!(type.flags & ts.TypeFlags.Object) || checker.isArrayLikeType(type)) return undefined;
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  if (!index || checker.getPropertiesOfType(type).length > 0) return undefined;
  const declared = type.getSymbol()?.declarations?.some(
    (d) => (ts.isInterfaceDeclaration(d) || ts.isTypeLiteralNode(d)) && d.members.some(ts.isIndexSignatureDeclaration),
  );
  return declared ? undefined : index.type;
}

function taggedType(declaration: ts.Declaration | ts.Node | undefined): string | undefined {
  if (!declaration) return undefined;
  const tag = ts.getJSDocTags(declaration).find((t) => t.tagName.text === TYPE_TAG);
  return tag ? ts.getTextOfJSDocComment(tag.comment)?.trim() : undefined;
}

function enclosingAlias(node: ts.Node | undefined): ts.TypeAliasDeclaration | undefined {
  for (let at = node; at; at = at.parent) if (ts.isTypeAliasDeclaration(at)) return at;
  return undefined;
}
