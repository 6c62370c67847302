import ts from "./typescript.cjs";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { stringMappingPattern, templatePattern } from "./template-pattern.js";

/** Converts one type (of a property when `property` is given) the way the generator does. */
export type ConvertType = (type: ts.Type, property?: ts.Symbol) => JsonSchema;

const PATTERN_KEY = ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping;

/**
 * The schema of an object type whose keys a template literal type constrains:
 * `{ [k: \`x-${string}\`]: string }`, `Record<\`x-${string}\`, string>`. Each such index signature
 * becomes a `patternProperties` entry with the key's pattern, declared properties stay
 * `properties`, and nothing else is accepted (`additionalProperties: false`) unless a plain
 * `string` index signature takes other keys too. Undefined for any other type.
 */
export function patternKeyedObject(type: ts.Type, checker: ts.TypeChecker, convert: ConvertType): JsonSchema | undefined {
  // An intersection too: `Record<"app", string> & { [k: \`x-${string}\`]: string }`.
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) || checker.isArrayLikeType(type)) return undefined;
  const indexes = checker.getIndexInfosOfType(type);
  const patterned = indexes.filter((index) => index.keyType.flags & PATTERN_KEY);
  if (!patterned.length) return undefined;
  const patternProperties: Record<string, JsonSchema> = {};
  for (const index of patterned) patternProperties[keyPattern(index.keyType)] = convert(index.type);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const property of checker.getPropertiesOfType(type)) {
    if (property.flags & ts.SymbolFlags.Method) continue;
    properties[property.getName()] = convert(checker.getTypeOfSymbol(property), property);
    if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.getName());
  }
  const rest = indexes.find((index) => index.keyType.flags & ts.TypeFlags.String);
  return {
    type: "object",
    ...(required.length || Object.keys(properties).length ? { properties } : {}),
    ...(required.length ? { required: required.sort() } : {}),
    patternProperties,
    additionalProperties: rest ? convert(rest.type) : false,
  };
}

function keyPattern(key: ts.Type): string {
  return key.flags & ts.TypeFlags.TemplateLiteral ? templatePattern(key as ts.TemplateLiteralType) : (stringMappingPattern(key) ?? "^[\\s\\S]*$");
}
