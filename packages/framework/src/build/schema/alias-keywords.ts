import ts from "./typescript.cjs";
import { isJsonSchema, type JsonSchema } from "../../json-schema/json-schema.js";
import { applyJsDocKeywords, isIntegerAlias, toInteger } from "./jsdoc-keywords.js";
import { isTypemcpAlias } from "./special-types.js";

/** Reads an alias's JSDoc into a schema node the way the generator reads a property's. */
export type ReadComments = (symbol: ts.Symbol, definition: JsonSchema) => void;

/**
 * typescript-json-schema reads a type alias's JSDoc (`/** @maxLength 40 *\/ type Name = string`)
 * only where the alias is a parameter's or property's whole type: an alias of a primitive leaves
 * no trace on the type itself, so inside `Name[]`, `Name | null` or an object literal its tags
 * were lost. Walks the type as written beside the schema it became and lays each authored alias's
 * keywords over the schema node it produced, keeping what that node already says (so a
 * parameter's own tags win over its type's).
 */
export function applyAliasKeywords(
  node: ts.TypeNode | undefined,
  schema: unknown,
  checker: ts.TypeChecker,
  read: ReadComments,
  seen = new Set<ts.Node>(),
): void {
  if (!node || !isJsonSchema(schema) || seen.has(node)) return;
  seen.add(node);
  const walk = (inner: ts.TypeNode | undefined, part: unknown) => applyAliasKeywords(inner, part, checker, read, seen);
  if (ts.isParenthesizedTypeNode(node)) return walk(node.type, schema);
  if (ts.isArrayTypeNode(node)) return walk(node.elementType, schema.items);
  if (ts.isUnionTypeNode(node)) {
    // `Name | null` is one schema node with `type: [T, "null"]`; other unions keep their own branches.
    const real = node.types.filter(
      (member) => !(ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword) && member.kind !== ts.SyntaxKind.UndefinedKeyword,
    );
    if (real.length === 1) walk(real[0], schema);
    return;
  }
  if (ts.isTypeLiteralNode(node)) return walkMembers(node.members, schema, walk);
  if (!ts.isTypeReferenceNode(node)) return;
  let symbol = checker.getSymbolAtLocation(node.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.[0];
  if (!symbol || !declaration || declaration.getSourceFile().isDeclarationFile) {
    // `Array<Name>`, `ReadonlyArray<Name>`: the element is what the alias names.
    if (node.typeArguments?.length === 1 && /^(Readonly)?Array$/.test(node.typeName.getText())) walk(node.typeArguments[0], schema.items);
    return;
  }
  if (ts.isTypeAliasDeclaration(declaration) && !isTypemcpAlias(symbol)) {
    const own: JsonSchema = {};
    read(symbol, own);
    applyJsDocKeywords(symbol, own);
    for (const [keyword, value] of Object.entries(own)) if (!(keyword in schema)) schema[keyword] = value;
    // `@asType integer` on the alias turns the node it names into an integer.
    if (isIntegerAlias(symbol)) toInteger(schema);
    return walk(declaration.type, schema);
  }
  if (ts.isInterfaceDeclaration(declaration)) walkMembers(declaration.members, schema, walk);
}

function walkMembers(members: ts.NodeArray<ts.TypeElement>, schema: JsonSchema, walk: (node: ts.TypeNode | undefined, part: unknown) => void): void {
  const properties = isJsonSchema(schema.properties) ? schema.properties : undefined;
  for (const member of members) {
    if (ts.isPropertySignature(member) && properties && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)))
      walk(member.type, properties[member.name.text]);
  }
}
