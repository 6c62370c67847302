import ts from "typescript";
import type { JsonSchema } from "../tool-definition.js";
import type { EnumOrder } from "./enum-order.js";
import { applyJsDocKeywords } from "./jsdoc-keywords.js";
import { isIntType, isTypemcpAlias, recordValueType, setElementType } from "./special-types.js";
import { whyNoJsonForm } from "./unsupported-type.js";

type Definition = Record<string, unknown>;

/** The typescript-json-schema generator methods typemcp relies on; it has them but does not type them. */
export interface GeneratorInternals {
  getTypeDefinition(type: ts.Type, asRef?: boolean, unionModifier?: string, prop?: ts.Symbol, reffedType?: ts.Symbol, ...rest: unknown[]): Definition;
  getReferencedTypeSymbol(prop: ts.Symbol): ts.Symbol | undefined;
  parseCommentsIntoDefinition(symbol: ts.Symbol | undefined, definition: Definition, otherAnnotations: Record<string, unknown>): void;
  resetSchemaSpecificProperties(): void;
  readonly ReffedDefinitions: Record<string, JsonSchema>;
}

/** What the overrides noticed while converting one type. */
export interface OverrideLog {
  /** Dotted paths of nested properties typed `any` or `unknown`, for a build warning. */
  readonly untyped: string[];
}

/**
 * Teaches a typescript-json-schema generator the types it gets wrong, by replacing its
 * `getTypeDefinition` on the instance: it calls that method on `this` for every nested type, so
 * the override sees each property, element and union member. It turns typemcp's `Int` into
 * `integer`, `Set<T>` into a unique array, `Record<string, T>` into `additionalProperties: T`;
 * rejects what has no JSON form (functions, `bigint`, `Map`...) naming the property; applies the
 * JSDoc keywords the generator skips; and restores the author's order of literal unions.
 * Returns the log the caller clears before each conversion.
 */
export function installTypeOverrides(generator: GeneratorInternals, checker: ts.TypeChecker, enumOrder: EnumOrder): OverrideLog {
  const original = generator.getTypeDefinition.bind(generator);
  const log: OverrideLog = { untyped: [] };
  const path: string[] = [];
  const records = new Set<ts.Type>();

  const fail = (why: string): never => {
    throw new Error(path.length ? `property "${path.join(".")}": ${why}` : why);
  };

  const special = (type: ts.Type, prop: ts.Symbol | undefined, reffedType: ts.Symbol | undefined): Definition | undefined => {
    if (prop?.getJsDocTags().some((tag) => tag.name === "TJS-type")) return undefined;
    // Int's own JSDoc documents the type for authors; it must not become every parameter's description.
    if (isIntType(type, checker)) return withComments({ type: "integer" }, isValueSymbol(prop) ? [prop] : []);
    const element = setElementType(type, checker);
    if (element) {
      const definition = { type: "array", items: generator.getTypeDefinition(element), uniqueItems: true };
      return withComments(definition, [reffedType, type.aliasSymbol, prop]);
    }
    const value = recordValueType(type, checker);
    if (!value) return undefined;
    if (records.has(type)) fail("a recursive `Record` type has no schema here; declare an interface with an index signature");
    records.add(type);
    try {
      return withComments({ type: "object", additionalProperties: generator.getTypeDefinition(value) }, [reffedType, type.aliasSymbol, prop]);
    } finally {
      records.delete(type);
    }
  };

  const withComments = (definition: Definition, symbols: ReadonlyArray<ts.Symbol | undefined>): Definition => {
    for (const symbol of symbols) generator.parseCommentsIntoDefinition(symbol, definition, {});
    return definition;
  };

  generator.getTypeDefinition = (type, asRef, unionModifier, prop, referenced, ...rest) => {
    // `to?: Int` is `Int | undefined`, no Int itself: keep Int's documentation out of it too.
    const reffedType = isTypemcpAlias(referenced) ? undefined : referenced;
    const property = prop !== undefined && (prop.flags & ts.SymbolFlags.Property) !== 0;
    if (property) path.push(prop.getName());
    try {
      enumOrder.learnFromSymbol(prop);
      enumOrder.learnFromSymbol(reffedType);
      const why = whyNoJsonForm(type);
      if (why) fail(why);
      if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) && property) log.untyped.push(path.join("."));
      if (checker.isTupleType(type)) assertFixedTuple(type as ts.TupleTypeReference, fail);
      const definition = special(type, prop, reffedType) ?? original(type, asRef, unionModifier, prop, reffedType, ...rest);
      if (isValueSymbol(prop)) applyJsDocKeywords(prop, definition);
      if (type.isUnion() && !(type.flags & ts.TypeFlags.EnumLiteral)) orderEnums(definition, enumOrder);
      if (checker.isTupleType(type) && Array.isArray(definition.items)) {
        // Labels of a labeled tuple come back as `title`s: noise to a model reading the schema.
        for (const item of definition.items as Definition[]) delete item.title;
      }
      return definition;
    } finally {
      if (property) path.pop();
    }
  };
  return log;
}

// Optional and rest elements need `minItems` below the tuple's length, which strict 2020-12
// validators reject as an incomplete tuple; an object or an array says the same thing plainly.
function assertFixedTuple(type: ts.TupleTypeReference, fail: (why: string) => never): void {
  const target = type.target;
  if (target.hasRestElement || target.minLength !== target.fixedLength) {
    fail("a tuple with optional or rest elements has no strict schema; use a fixed tuple, an array or an object");
  }
}

function orderEnums(definition: Definition, enumOrder: EnumOrder): void {
  for (const node of [definition, ...((definition.anyOf as Definition[] | undefined) ?? [])]) {
    if (Array.isArray(node.enum)) node.enum = enumOrder.order(node.enum);
  }
}

function isValueSymbol(symbol: ts.Symbol | undefined): symbol is ts.Symbol {
  return symbol !== undefined && (symbol.flags & (ts.SymbolFlags.Property | ts.SymbolFlags.FunctionScopedVariable)) !== 0;
}
