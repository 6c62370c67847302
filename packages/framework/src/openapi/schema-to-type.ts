import { asSentence, constraintTags, jsDoc } from "./jsdoc-text.js";
import { propertyKey } from "../json-schema/property-key.js";
import type { OpenApiDocument, SchemaObject } from "./openapi-document.js";
import { resolvePointer, schemaComponentName } from "./resolve-ref.js";

/** What turning schemas into TypeScript needs to know, and what it found on the way. */
export interface TypeContext {
  readonly document: OpenApiDocument;
  /** The TypeScript name of each of `components.schemas`. */
  readonly names: ReadonlyMap<string, string>;
  /** Which way the value travels: properties marked `readOnly` are left out of inputs, `writeOnly` ones out of outputs; a declaration keeps both. */
  direction: "input" | "output" | "both";
  /**
   * Whether the objects written are open to properties the spec does not list (what a response
   * reaches): each object literal then ends in `[key: string]: unknown`, which the build derives
   * as `additionalProperties: {}` wherever the literal sits (an array's items, a union member).
   */
  open: boolean;
  /** Set when a type written uses typemcp's `Int`, which the file then imports. */
  usesInt: boolean;
  /** The components referenced so far: the file declares exactly these. */
  readonly referenced: Set<string>;
  /** Something the spec says that the types cannot, told to the person running the command. */
  warn(message: string): void;
}

/** A TypeContext with nothing found yet. */
export function createTypeContext(document: OpenApiDocument, names: ReadonlyMap<string, string>, warn: (message: string) => void): TypeContext {
  return { document, names, direction: "input", open: false, usesInt: false, referenced: new Set(), warn };
}

/**
 * The TypeScript type text of `schema`: components by name (so the build derives `$defs`-free
 * schemas from named types), `enum`/`const` as literal unions, 3.0's `nullable` and 3.1's type
 * arrays as `| null`, `oneOf`/`anyOf` as unions, `allOf` as an intersection, objects as literal
 * types with each property's JSDoc (description, constraints), `additionalProperties` alone as a
 * `Record`, `integer` as typemcp's `Int`. What it cannot express is `unknown`.
 */
export function toTypeText(schema: SchemaObject | boolean | undefined, context: TypeContext, indent = "", seen: ReadonlySet<string> = new Set()): string {
  if (schema === false) return "never";
  if (schema === undefined || schema === true || typeof schema !== "object") return "unknown";
  const text = withoutNull(schema, context, indent, seen);
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null"));
  return nullable && text !== "unknown" && text !== "null" && !/(^|\| )null$/.test(text) ? `${wrap(text)} | null` : text;
}

function withoutNull(schema: SchemaObject, context: TypeContext, indent: string, seen: ReadonlySet<string>): string {
  if (typeof schema.$ref === "string") return refText(schema.$ref, context, indent, seen);
  if (schema.const !== undefined) return literal(schema.const) ?? "unknown";
  if (Array.isArray(schema.enum)) {
    const members = schema.enum.map(literal).filter((m): m is string => m !== undefined);
    return members.length ? [...new Set(members)].join(" | ") : "unknown";
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    const own = schema.properties ? [objectText({ ...schema, allOf: undefined }, context, indent, seen)] : [];
    return join([...schema.allOf.map((part) => toTypeText(part, context, indent, seen)), ...own], " & ");
  }
  const union = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(union) && union.length)
    return join(
      union.map((member) => toTypeText(member, context, indent, seen)),
      " | ",
    );
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter((t) => t !== "null");
  if (types.length === 0) {
    if (schema.properties || schema.additionalProperties !== undefined) return objectText(schema, context, indent, seen);
    if (schema.items) return arrayText(schema, context, indent, seen);
    return schema.type === undefined ? "unknown" : "null";
  }
  return join(
    types.map((type) => typeText(type, schema, context, indent, seen)),
    " | ",
  );
}

function typeText(type: string, schema: SchemaObject, context: TypeContext, indent: string, seen: ReadonlySet<string>): string {
  switch (type) {
    case "string":
    case "number":
    case "boolean":
      return type;
    case "integer":
      context.usesInt = true;
      return "Int";
    case "array":
      return arrayText(schema, context, indent, seen);
    case "object":
      return objectText(schema, context, indent, seen);
    default:
      context.warn(`type "${type}" is not a JSON Schema type; it is typed unknown`);
      return "unknown";
  }
}

function refText(ref: string, context: TypeContext, indent: string, seen: ReadonlySet<string>): string {
  const component = schemaComponentName(ref);
  const name = component === undefined ? undefined : context.names.get(component);
  if (name !== undefined) {
    context.referenced.add(component!);
    return name;
  }
  // A pointer into a schema (or an external file) has no name to stand for it: it is written out,
  // unless it points back into itself, where only a named type could say what it is.
  const target = resolvePointer(context.document, ref);
  if (target === undefined || seen.has(ref)) {
    context.warn(
      target === undefined ? `$ref ${ref} points outside the document or at nothing; it is typed unknown` : `$ref ${ref} refers to itself; it is typed unknown`,
    );
    return "unknown";
  }
  return toTypeText(target as SchemaObject, context, indent, new Set([...seen, ref]));
}

function arrayText(schema: SchemaObject, context: TypeContext, indent: string, seen: ReadonlySet<string>): string {
  return `${wrap(toTypeText(schema.items, context, indent, seen))}[]`;
}

function objectText(schema: SchemaObject, context: TypeContext, indent: string, seen: ReadonlySet<string>): string {
  const entries = Object.entries(schema.properties ?? {}).filter(([, property]) => keeps(property, context));
  if (entries.length === 0) {
    const extra = schema.additionalProperties;
    if (extra === false) return "Record<string, never>";
    return `Record<string, ${typeof extra === "object" ? toTypeText(extra, context, indent, seen) : "unknown"}>`;
  }
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = entries.map(([name, property]) => {
    const doc = jsDoc(propertyDescription(property, context), propertyTags(property), inner);
    return `${doc}${inner}${propertyKey(name)}${required.has(name) ? "" : "?"}: ${toTypeText(property, context, inner, seen)};`;
  });
  if (context.open && schema.additionalProperties !== false) lines.push(`${inner}${OPEN_SIGNATURE}`);
  return `{\n${lines.join("\n")}\n${indent}}`;
}

/** The index signature that leaves an object literal open to properties its schema does not list. */
export const OPEN_SIGNATURE = "[key: string]: unknown;";

/**
 * An interface body written open, without its own index signature: the interface is tagged
 * `@additionalProperties true` instead, so code reading it keeps TypeScript's check of property names.
 */
export function withoutOpenSignature(body: string): string {
  const tail = `\n  ${OPEN_SIGNATURE}\n}`;
  return body.endsWith(tail) ? `${body.slice(0, -tail.length)}\n}` : body;
}

// readOnly properties are the server's to set (an id, a creation time): a request body leaves them out.
function keeps(property: SchemaObject, context: TypeContext): boolean {
  if (typeof property !== "object" || property === null) return true;
  if (context.direction === "both") return true;
  return context.direction === "input" ? property.readOnly !== true : property.writeOnly !== true;
}

/** Whether `schema` is a plain object of properties, which TypeScript writes as an interface. */
export function isInlineObject(schema: SchemaObject | undefined): boolean {
  return (
    typeof schema === "object" &&
    schema !== null &&
    schema.$ref === undefined &&
    schema.properties !== undefined &&
    !schema.allOf &&
    !schema.oneOf &&
    !schema.anyOf &&
    !schema.nullable &&
    !(Array.isArray(schema.type) && schema.type.includes("null"))
  );
}

/**
 * The type of a request body: a component with `readOnly` properties (an id, a creation time)
 * without them, as `Omit<Book, "id">`; anything else as {@link toTypeText} writes it.
 */
export function toBodyTypeText(schema: SchemaObject | undefined, context: TypeContext, indent: string): string {
  const component = typeof schema?.$ref === "string" ? schemaComponentName(schema.$ref) : undefined;
  const target = component === undefined ? undefined : context.document.components?.schemas?.[component];
  const readOnly = Object.entries(target?.properties ?? {})
    .filter(([, property]) => typeof property === "object" && property?.readOnly === true)
    .map(([name]) => JSON.stringify(name));
  const text = toTypeText(schema, context, indent);
  return readOnly.length && context.names.get(component!) === text ? `Omit<${text}, ${readOnly.join(" | ")}>` : text;
}

/** The description of a property or parameter: its own, else the title of its schema. */
export function propertyDescription(schema: SchemaObject | undefined, _context?: TypeContext): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  const text = schema.description ?? schema.title;
  return text ? asSentence(text) : undefined;
}

/** The JSDoc tags of a property or parameter: its constraints, its default, one example. */
export function propertyTags(schema: SchemaObject | undefined): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const tags = constraintTags(schema);
  const value = usableDefault(schema);
  if (value !== undefined) tags.push(`@default ${value}`);
  const example = schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  const exampleText = example === undefined ? undefined : JSON.stringify(example);
  if (exampleText !== undefined && exampleText.length <= 80 && !exampleText.includes("*/")) tags.push(`@example ${exampleText}`);
  return tags;
}

/**
 * The schema's default as JSON text when it is plainly a value of its own type (the build refuses
 * a default that is not); otherwise undefined, and the default is left to the API.
 */
export function usableDefault(schema: SchemaObject): string | undefined {
  const value = schema.default;
  if (value === undefined || value === null || typeof value === "object") return undefined;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return undefined;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  const fits =
    (type === "string" && typeof value === "string") ||
    (type === "boolean" && typeof value === "boolean") ||
    (type === "number" && typeof value === "number") ||
    (type === "integer" && Number.isInteger(value));
  return fits ? JSON.stringify(value) : undefined;
}

function literal(value: unknown): string | undefined {
  if (value === null) return "null";
  if (typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return JSON.stringify(value);
  return undefined;
}

function join(parts: string[], separator: " | " | " & "): string {
  const unique = [...new Set(parts)];
  if (unique.includes("unknown"))
    return separator === " | "
      ? "unknown"
      : join(
          unique.filter((p) => p !== "unknown"),
          separator,
        ) || "unknown";
  return unique.map((part) => (unique.length > 1 ? wrap(part) : part)).join(separator);
}

// A union or intersection inside an array or another combination keeps its own grouping.
function wrap(text: string): string {
  return hasTopLevelOperator(text) ? `(${text})` : text;
}

// Whether `|` or `&` joins `text` at its top level, outside braces, brackets, string literals and comments.
function hasTopLevelOperator(text: string): boolean {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === "\\") i++;
      else if (c === '"') quoted = false;
    } else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i + 2) + 1 || text.length;
    else if (c === '"') quoted = true;
    else if ("{([<".includes(c)) depth++;
    else if ("})]>".includes(c)) depth--;
    else if (depth === 0 && (c === "|" || c === "&")) return true;
  }
  return false;
}
