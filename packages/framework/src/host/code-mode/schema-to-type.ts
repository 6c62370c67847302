import type { JsonSchema } from "../../json-schema/json-schema.js";
import { propertyKey } from "../../json-schema/property-key.js";
import { inlineRefs } from "../inline-refs.js";

/**
 * A TypeScript type, as source text, that accepts what `schema` (a tool's `inputSchema` or
 * `outputSchema`, from any server) accepts, as closely as TypeScript can say it: objects with
 * their required and optional properties and descriptions as JSDoc, literal unions for `enum`
 * and `const`, unions for `anyOf`/`oneOf`/type lists, intersections for `allOf`, arrays and
 * tuples. What TypeScript cannot say (`minimum`, `pattern`, a recursive type) is left to the
 * server, which still validates every call: a recursive part becomes `unknown`.
 */
export function schemaToType(schema: unknown, indent = ""): string {
  const root = typeof schema === "object" && schema !== null ? inlineRefs(schema as JsonSchema).schema : schema;
  return toType(root, indent);
}

/** A JSDoc block for `text` (and tags), indented; empty when there is nothing to say. */
export function jsDoc(text: string | undefined, indent: string, tags: readonly string[] = []): string {
  const lines = [...(text?.trim() ? text.trim().split(/\r?\n/) : []), ...tags].map((line) => line.replace(/\*\//g, "*\\/"));
  if (!lines.length) return "";
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line ? ` ${line}` : ""}`).join("\n")}\n${indent} */\n`;
}

function toType(schema: unknown, indent: string): string {
  if (schema === true || schema === undefined) return "unknown";
  if (schema === false) return "never";
  if (typeof schema !== "object" || schema === null) return "unknown";
  const s = schema as JsonSchema;
  // A reference left by inlineRefs points at a type that contains itself.
  if (typeof s.$ref === "string") return "unknown";
  if ("const" in s) return literal(s.const);
  if (Array.isArray(s.enum)) return s.enum.length ? s.enum.map(literal).join(" | ") : "never";
  const parts: string[] = [];
  const union = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as unknown[] | undefined;
  if (union) parts.push(wrap(union.map((branch) => wrap(toType(branch, indent))).join(" | ")));
  if (Array.isArray(s.allOf)) parts.push(...s.allOf.map((branch) => wrap(toType(branch, indent))));
  const own = ownType(s, indent);
  if (own !== undefined) parts.push(wrap(own));
  if (!parts.length) return "unknown";
  return parts.length === 1 ? unwrap(parts[0]!) : parts.join(" & ");
}

// The type said by the node's own `type` (or implied by `properties`/`items`), without its combinators.
function ownType(s: JsonSchema, indent: string): string | undefined {
  const types = Array.isArray(s.type) ? (s.type as unknown[]) : typeof s.type === "string" ? [s.type] : undefined;
  if (!types) {
    if (s.properties !== undefined || s.additionalProperties !== undefined) return objectType(s, indent);
    if (s.items !== undefined || s.prefixItems !== undefined) return arrayType(s, indent);
    return undefined;
  }
  const names = types.map((type) => {
    switch (type) {
      case "string":
        return "string";
      case "number":
      case "integer":
        return "number";
      case "boolean":
        return "boolean";
      case "null":
        return "null";
      case "array":
        return arrayType(s, indent);
      case "object":
        return objectType(s, indent);
      default:
        return "unknown";
    }
  });
  return [...new Set(names)].join(" | ");
}

function arrayType(s: JsonSchema, indent: string): string {
  if (Array.isArray(s.prefixItems)) {
    const head = s.prefixItems.map((item) => toType(item, indent));
    const rest = s.items === false ? [] : [`...${wrap(toType(s.items, indent))}[]`];
    return `[${[...head, ...rest].join(", ")}]`;
  }
  if (Array.isArray(s.items)) return `[${s.items.map((item) => toType(item, indent)).join(", ")}]`;
  return `${wrap(toType(s.items, indent))}[]`;
}

function objectType(s: JsonSchema, indent: string): string {
  const properties = (typeof s.properties === "object" && s.properties !== null ? s.properties : {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(s.required) ? (s.required as unknown[]).filter((r): r is string => typeof r === "string") : []);
  const inner = `${indent}  `;
  const lines: string[] = [];
  const memberTypes: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const type = toType(property, inner);
    memberTypes.push(type);
    const description = typeof property === "object" && property !== null ? (property as JsonSchema).description : undefined;
    lines.push(
      `${jsDoc(typeof description === "string" ? description : undefined, inner, propertyTags(property))}${inner}${propertyKey(name)}${required.has(name) ? "" : "?"}: ${type};`,
    );
  }
  const extra = s.additionalProperties;
  if (typeof extra === "object" && extra !== null) {
    // Every named property must fit the index signature too.
    const value = toType(extra, inner);
    const all = memberTypes.length ? [...new Set([value, ...memberTypes, ...(lines.length > required.size ? ["undefined"] : [])])].join(" | ") : value;
    lines.push(`${inner}[key: string]: ${all};`);
  } else if (extra === undefined && s.properties === undefined && s.type === "object") {
    return "{ [key: string]: unknown }";
  }
  if (!lines.length) return "{}";
  return `{\n${lines.join("\n")}\n${indent}}`;
}

// What a property's schema says beyond its type and description, as JSDoc tags the reader (a model, a person) sees.
function propertyTags(property: unknown): string[] {
  if (typeof property !== "object" || property === null) return [];
  const p = property as JsonSchema;
  const tags: string[] = [];
  if (p.default !== undefined) tags.push(`@default ${JSON.stringify(p.default)}`);
  for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "pattern", "format"]) {
    if (p[key] !== undefined) tags.push(`@${key} ${typeof p[key] === "string" ? p[key] : JSON.stringify(p[key])}`);
  }
  return tags;
}

function literal(value: unknown): string {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return JSON.stringify(value);
  return "unknown";
}

// Parenthesised where a union or intersection sits inside another type (an array's items, a union branch).
function wrap(type: string): string {
  return hasTopLevelOperator(type) ? `(${type})` : type;
}

function unwrap(type: string): string {
  return type.startsWith("(") && type.endsWith(")") && !hasTopLevelOperator(type.slice(1, -1), true) ? type.slice(1, -1) : type;
}

// Whether `type` has a `|` or `&` outside any braces, brackets, parentheses or string literal (or, with `unbalancedOnly`, whether its brackets do not match).
function hasTopLevelOperator(type: string, unbalancedOnly = false): boolean {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < type.length; i++) {
    const ch = type[i]!;
    if (quoted) {
      if (ch === "\\") i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if ("{[(".includes(ch)) depth++;
    else if ("}])".includes(ch)) {
      if (--depth < 0) return true;
    } else if (!unbalancedOnly && depth === 0 && (ch === "|" || ch === "&")) return true;
  }
  return unbalancedOnly ? depth !== 0 : false;
}
