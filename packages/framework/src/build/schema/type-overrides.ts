import ts from "./typescript.cjs";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { omitNonDataMembers } from "./class-members.js";
import type { EnumOrder } from "./enum-order.js";
import { applyJsDocKeywords } from "./jsdoc-keywords.js";
import {
  brandedPrimitive,
  bytesKind,
  isIntType,
  isTypemcpAlias,
  isUrlType,
  mapTypes,
  openStringUnion,
  recordValueType,
  setElementType,
  takesAnyString,
} from "./special-types.js";
import { stringMappingPattern, templatePattern } from "./template-pattern.js";
import { patternKeyedObject } from "./pattern-keys.js";
import { whyNoJsonForm, type Direction } from "./unsupported-type.js";

/** The typescript-json-schema generator methods typemcp relies on; it has them but does not type them. */
export interface GeneratorInternals {
  getTypeDefinition(type: ts.Type, asRef?: boolean, unionModifier?: string, prop?: ts.Symbol, reffedType?: ts.Symbol, ...rest: unknown[]): JsonSchema;
  getReferencedTypeSymbol(prop: ts.Symbol): ts.Symbol | undefined;
  parseCommentsIntoDefinition(symbol: ts.Symbol | undefined, definition: JsonSchema, otherAnnotations: Record<string, unknown>): void;
  resetSchemaSpecificProperties(): void;
  readonly ReffedDefinitions: Record<string, JsonSchema>;
}

/** What the overrides noticed while converting one type. */
export interface OverrideLog {
  /**
   * The nested places typed `any` or `unknown`, for a build warning: `property "meta.extra"`,
   * `each element` (of `unknown[]`), `each value of property "meta"` (of `Record<string, unknown>`).
   */
  readonly untyped: string[];
  /**
   * The properties whose `/** … *\/` comment TypeScript does not read as JSDoc (written on the
   * line of the `{` or `;` before them), so their tags are lost: for a build warning.
   */
  readonly unreadDocs: ts.Declaration[];
  /** Which way the type being converted travels; set before each conversion. */
  direction: Direction;
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
  const log: OverrideLog = { untyped: [], unreadDocs: [], direction: "input" };
  const path: string[] = [];
  const records = new Set<ts.Type>();
  // The types being converted around the current one: what holds an untyped element or value.
  const containers: ts.Type[] = [];

  const fail = (why: string): never => {
    throw new Error(path.length ? `property "${path.join(".")}": ${why}` : why);
  };

  const special = (type: ts.Type, prop: ts.Symbol | undefined, reffedType: ts.Symbol | undefined): JsonSchema | undefined => {
    if (prop?.getJsDocTags().some((tag) => tag.name === "TJS-type")) return undefined;
    // Int's own JSDoc documents the type for authors; it must not become every parameter's description.
    if (isIntType(type, checker)) return withComments({ type: "integer" }, isValueSymbol(prop) ? [prop] : []);
    const primitive = brandedPrimitive(type);
    // The brand is the type checker's business; on the wire a `UserId` is its string.
    if (primitive) return withComments(original(primitive), [reffedType, type.aliasSymbol, prop]);
    const open = openStringUnion(type);
    if (open) {
      const definition = withComments({ type: open.nullable ? ["string", "null"] : "string" }, [reffedType, type.aliasSymbol, prop]);
      return knownValues(definition, open.known);
    }
    const bytes = bytesKind(type);
    // The standard library's and Node's own JSDoc on these classes never gets here: see SchemaGenerator.
    const authored = [reffedType, type.aliasSymbol, prop];
    if (bytes) return withComments({ type: "string", contentEncoding: "base64", pattern: BASE64 }, authored);
    if (isUrlType(type)) return withComments({ type: "string", format: "uri" }, authored);
    if (type.flags & ts.TypeFlags.TemplateLiteral) {
      return withComments({ type: "string", pattern: templatePattern(type as ts.TemplateLiteralType) }, [reffedType, type.aliasSymbol, prop]);
    }
    const mapped = stringMappingPattern(type);
    if (mapped) return withComments({ type: "string", pattern: mapped }, [reffedType, type.aliasSymbol, prop]);
    const keyed = patternKeyedObject(type, checker, (t, p) => generator.getTypeDefinition(t, false, undefined, p));
    if (keyed) return withComments(keyed, [reffedType, type.aliasSymbol, prop]);
    const element = setElementType(type, checker);
    if (element) {
      // A Set of primitives holds no two equal JSON values; one of objects or Dates may (two Dates of
      // one instant, two objects alike), so only the former promises unique items.
      const unique = isPrimitiveType(element) ? { uniqueItems: true } : {};
      const definition = { type: "array", items: generator.getTypeDefinition(element), ...unique };
      return withComments(definition, [reffedType, type.aliasSymbol, prop]);
    }
    const map = mapTypes(type, checker);
    if (map) {
      if (!takesAnyString(map.key)) {
        fail(
          `a \`Map\` with \`${checker.typeToString(map.key)}\` keys has no JSON form: JSON object keys are text. Use \`Map<string, T>\` (or \`Record<string, T>\`), or an array of \`[key, value]\` tuples`,
        );
      }
      return withComments({ type: "object", additionalProperties: generator.getTypeDefinition(map.value) }, [reffedType, type.aliasSymbol, prop]);
    }
    const value = recordValueType(type, checker);
    if (!value) return undefined;
    // `Record<string, never>`, the empty-object idiom: an object that takes no properties.
    if (value.flags & ts.TypeFlags.Never) return withComments({ type: "object", additionalProperties: false }, [reffedType, type.aliasSymbol, prop]);
    if (records.has(type)) fail("a recursive `Record` type has no schema here; declare an interface with an index signature");
    records.add(type);
    try {
      return withComments({ type: "object", additionalProperties: generator.getTypeDefinition(value) }, [reffedType, type.aliasSymbol, prop]);
    } finally {
      records.delete(type);
    }
  };

  const withComments = (definition: JsonSchema, symbols: ReadonlyArray<ts.Symbol | undefined>): JsonSchema => {
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
      const why = whyNoJsonForm(type, log.direction);
      if (why) fail(why);
      if (type.flags & ts.TypeFlags.Object) {
        const impossible = requiredNever(type, checker);
        if (impossible) {
          fail(
            `property "${impossible}" is a required \`never\`, which no value has, so no object of this type can be sent; make it optional (\`${impossible}?: never\`) to forbid the key, or give it a type`,
          );
        }
      }
      const container = containers.at(-1);
      if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) && container) log.untyped.push(untypedPlace(container, property, path, checker));
      if (checker.isTupleType(type)) assertFixedTuple(type as ts.TupleTypeReference, fail);
      containers.push(type);
      let definition: JsonSchema;
      try {
        definition = special(type, prop, reffedType) ?? original(type, asRef, unionModifier, prop, reffedType, ...rest);
      } finally {
        containers.pop();
      }
      if (property) {
        const declaration = unreadDoc(prop);
        if (declaration && !log.unreadDocs.includes(declaration)) log.unreadDocs.push(declaration);
      }
      if (isValueSymbol(prop)) {
        // A property of a mapped type (`Partial<T>`) is a new symbol: T's own holds the JSDoc.
        const origin = prop.declarations?.[0] && (prop.declarations[0] as { symbol?: ts.Symbol }).symbol;
        if (origin && origin !== prop && definition.description === undefined) generator.parseCommentsIntoDefinition(origin, definition, {});
        applyJsDocKeywords(prop, definition);
      }
      if (definition.description === undefined) describeMappedType(type, definition);
      if (Array.isArray(definition.required)) definition.required = definition.required.filter((name: string) => !acceptsUndefined(type, name));
      omitNonDataMembers(type, definition, checker);
      numericKeysAsTypeScriptReadsThem(definition);
      if (type.isUnion() && !(type.flags & ts.TypeFlags.EnumLiteral)) orderEnums(definition, enumOrder);
      if (checker.isTupleType(type) && Array.isArray(definition.items)) {
        // Labels of a labeled tuple come back as `title`s: noise to a model reading the schema.
        for (const item of definition.items as JsonSchema[]) delete item.title;
      }
      return definition;
    } finally {
      if (property) path.pop();
    }
  };
  // `Partial<T>`, `Pick<T, K>`...: the description of the T they were made from.
  const describeMappedType = (type: ts.Type, definition: JsonSchema): void => {
    const made = type.aliasSymbol && MAPPED.has(type.aliasSymbol.getName()) ? type.aliasTypeArguments?.[0] : undefined;
    const from = made?.aliasSymbol ?? made?.getSymbol();
    if (from && !(from.flags & ts.SymbolFlags.TypeLiteral)) generator.parseCommentsIntoDefinition(from, definition, {});
  };

  // A property typed `T | undefined` may be left out, just as `x?: T` may.
  const acceptsUndefined = (type: ts.Type, name: string): boolean => {
    if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return false;
    const property = checker.getPropertyOfType(type, name);
    if (!property) return false;
    const propertyType = checker.getTypeOfSymbol(property);
    const members = propertyType.isUnion() ? propertyType.types : [propertyType];
    return members.some((t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void));
  };
  return log;
}

// Where in its container an untyped type sits, in the words of a build warning.
function untypedPlace(container: ts.Type, property: boolean, path: readonly string[], checker: ts.TypeChecker): string {
  if (property) return `property "${path.join(".")}"`;
  const holds = checker.isArrayType(container) || checker.isTupleType(container) || setElementType(container, checker) ? "each element" : "each value";
  return path.length ? `${holds} of property "${path.join(".")}"` : holds;
}

// A property of the author's with a `/**` comment before it that TypeScript did not attach as
// JSDoc: `{ /** @minimum 0 *\/ quantity: number }` on one line reads as a comment after the `{`.
function unreadDoc(prop: ts.Symbol): ts.Declaration | undefined {
  const declaration = prop.valueDeclaration;
  if (!declaration || !(ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration))) return undefined;
  const file = declaration.getSourceFile();
  if (file.isDeclarationFile || ts.getJSDocCommentsAndTags(declaration).length) return undefined;
  return file.text.slice(declaration.pos, declaration.getStart(file)).includes("/**") ? declaration : undefined;
}

// The generator leaves a `never` property out, serving the object as if it had no such key and
// accepting objects TypeScript refuses: a required one is refused instead.
function requiredNever(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  for (const property of checker.getPropertiesOfType(type)) {
    if (!(property.flags & ts.SymbolFlags.Property) || property.flags & ts.SymbolFlags.Optional) continue;
    if (checker.getTypeOfSymbol(property).flags & ts.TypeFlags.Never) return property.getName();
  }
  return undefined;
}

const MAPPED = new Set(["Partial", "Required", "Readonly", "Pick", "Omit"]);

/** The key pattern typescript-json-schema gives a number index signature: digits only. */
const GENERATOR_NUMERIC_KEYS = "^[0-9]+$";

/**
 * The keys a number index signature (`Record<number, T>`, `{ [n: number]: T }`) takes: the
 * texts TypeScript reads as numbers, those s with String(Number(s)) === s ("-1", "1.5", "1e+21",
 * "NaN", "Infinity"). A few non-canonical spellings ("0.0000001") pass too: a superset, never
 * refusing what TypeScript takes.
 */
const NUMERIC_KEYS = "^(?:0|-?(?:[1-9][0-9]*(?:\\.[0-9]*[1-9])?|0\\.[0-9]*[1-9])|-?[1-9](?:\\.[0-9]*[1-9])?e[+-][1-9][0-9]*|-?Infinity|NaN)$";

// The generator keys a number index signature with digits only, refusing "-1" and "1.5".
function numericKeysAsTypeScriptReadsThem(definition: JsonSchema): void {
  const patterns = definition.patternProperties as Record<string, unknown> | undefined;
  if (patterns === undefined || !Object.hasOwn(patterns, GENERATOR_NUMERIC_KEYS)) return;
  const { [GENERATOR_NUMERIC_KEYS]: value, ...others } = patterns;
  definition.patternProperties = { [NUMERIC_KEYS]: value, ...others };
}

// Standard base64 (RFC 4648 §4) with its padding, as `Buffer.toString("base64")` writes it.
const BASE64 = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$";

// The known values of an open string union go where a model reads: the description.
function knownValues(definition: JsonSchema, known: readonly string[]): JsonSchema {
  if (!known.length) return definition;
  const values = `Known values: ${known.map((v) => JSON.stringify(v)).join(", ")}; any other string is accepted too.`;
  definition.description = definition.description ? `${String(definition.description)} ${values}` : values;
  return definition;
}

// Optional and rest elements need `minItems` below the tuple's length, which strict 2020-12
// validators reject as an incomplete tuple; an object or an array says the same thing plainly.
function assertFixedTuple(type: ts.TupleTypeReference, fail: (why: string) => never): void {
  const target = type.target;
  if (target.hasRestElement || target.minLength !== target.fixedLength) {
    fail("a tuple with optional or rest elements has no strict schema; use a fixed tuple, an array or an object");
  }
}

function orderEnums(definition: JsonSchema, enumOrder: EnumOrder): void {
  for (const node of [definition, ...((definition.anyOf as JsonSchema[] | undefined) ?? [])]) {
    if (Array.isArray(node.enum)) node.enum = enumOrder.order(node.enum);
  }
}

function isValueSymbol(symbol: ts.Symbol | undefined): symbol is ts.Symbol {
  return symbol !== undefined && (symbol.flags & (ts.SymbolFlags.Property | ts.SymbolFlags.FunctionScopedVariable)) !== 0;
}

// A string, number, boolean, enum or literal (a union of them, a branded one), null or undefined:
// values whose JSON form is equal exactly when they are the same value.
function isPrimitiveType(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.every(isPrimitiveType);
  // A branded primitive (`Int`: `number & { … }`) is its primitive.
  if (type.isIntersection()) return type.types.some(isPrimitiveType);
  const flags =
    ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.EnumLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined;
  return (type.flags & flags) !== 0;
}
