import ts from "./typescript.cjs";
import { libraryName } from "./library-name.js";

/** The JSDoc tag on typemcp's own type aliases saying which JSON Schema type they stand for. */
const TYPE_TAG = "typemcpType";

const PRIMITIVE = ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike;

/** Whether `type` is typemcp's `Int`, even where its alias name was lost (`Int[]`, `Int | null`). */
export function isIntType(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (type.aliasSymbol && taggedType(type.aliasSymbol.declarations?.[0]) === "integer") return true;
  if (!type.isIntersection() || !type.types.some((member) => member.flags & ts.TypeFlags.Number)) return false;
  return type.types.some((member) => checker.getPropertiesOfType(member).some((brand) => taggedType(enclosingAlias(brand.declarations?.[0])) === "integer"));
}

/**
 * The primitive under a nominal ("branded") type such as `string & { __brand: "UserId" }` or
 * `string & {}`: an intersection of one primitive with object types that only tag it. The tag
 * exists for the type checker alone; on the wire the value is the primitive. Else undefined.
 */
export function brandedPrimitive(type: ts.Type): ts.Type | undefined {
  if (!type.isIntersection()) return undefined;
  const primitives = type.types.filter((member) => member.flags & PRIMITIVE);
  const tags = type.types.filter((member) => !(member.flags & PRIMITIVE));
  if (primitives.length !== 1 || !tags.every((member) => member.flags & ts.TypeFlags.Object && member.getCallSignatures().length === 0)) return undefined;
  return primitives[0];
}

/**
 * The known values of an open string union, the idiom `"small" | "large" | (string & {})` that
 * lets editors suggest values while any string is accepted; undefined for any other type.
 * `null` and `undefined` members are allowed beside it; `nullable` says whether `null` was one.
 */
export function openStringUnion(type: ts.Type): { known: string[]; nullable: boolean } | undefined {
  if (!type.isUnion()) return undefined;
  const known: string[] = [];
  let open = false;
  let nullable = false;
  for (const member of type.types) {
    if (member.isStringLiteral()) known.push(member.value);
    else if (member.flags & ts.TypeFlags.Null) nullable = true;
    else if (member.flags & ts.TypeFlags.Undefined) continue;
    else if (brandedPrimitive(member)?.flags === ts.TypeFlags.String) open = true;
    else return undefined;
  }
  return open ? { known, nullable } : undefined;
}

/** Whether `symbol` is one of typemcp's own type aliases (`Int`), whose JSDoc speaks to authors, not to models. */
export function isTypemcpAlias(symbol: ts.Symbol | undefined): boolean {
  return taggedType(symbol?.declarations?.[0]) !== undefined;
}

/** Whether `type` is the standard `Date`. */
export function isDateType(type: ts.Type): boolean {
  return libraryName(type) === "Date";
}

/**
 * Which kind of binary data `type` is: a Node.js `Buffer` or a plain `Uint8Array` (both travel
 * as base64 text), else undefined.
 */
export function bytesKind(type: ts.Type): "bytes" | "buffer" | undefined {
  if (libraryName(type) === "Uint8Array") return "bytes";
  return nodeTypeName(type) === "Buffer" ? "buffer" : undefined;
}

/** Whether `type` is the WHATWG `URL` class (from the DOM library or Node.js). */
export function isUrlType(type: ts.Type): boolean {
  return libraryName(type) === "URL" || nodeTypeName(type) === "URL";
}

/** The element type of a `Set<T>` or `ReadonlySet<T>`, else undefined. */
export function setElementType(type: ts.Type, checker: ts.TypeChecker): ts.Type | undefined {
  const name = libraryName(type);
  if (name !== "Set" && name !== "ReadonlySet") return undefined;
  return checker.getTypeArguments(type as ts.TypeReference)[0];
}

/** The key and value types of a `Map<K, V>` or `ReadonlyMap<K, V>`, else undefined. */
export function mapTypes(type: ts.Type, checker: ts.TypeChecker): { key: ts.Type; value: ts.Type } | undefined {
  const name = libraryName(type);
  if (name !== "Map" && name !== "ReadonlyMap") return undefined;
  const [key, value] = checker.getTypeArguments(type as ts.TypeReference);
  return key && value ? { key, value } : undefined;
}

/** Whether a union member takes any string on the wire: `string`, `string & {}`, a branded string. */
export function takesAnyString(type: ts.Type): boolean {
  return ((type.flags | (brandedPrimitive(type)?.flags ?? 0)) & ts.TypeFlags.String) !== 0;
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
  const declared = type
    .getSymbol()
    ?.declarations?.some((d) => (ts.isInterfaceDeclaration(d) || ts.isTypeLiteralNode(d)) && d.members.some(ts.isIndexSignatureDeclaration));
  return declared ? undefined : index.type;
}

// Node.js declares its globals (`Buffer`, and `URL` where the DOM library is absent) in @types/node.
function nodeTypeName(type: ts.Type): string | undefined {
  const symbol = type.getSymbol();
  const inNode = symbol?.declarations?.some((d) => /[\\/]node_modules[\\/]@types[\\/]node[\\/]/.test(d.getSourceFile().fileName));
  return inNode ? symbol!.getName() : undefined;
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
