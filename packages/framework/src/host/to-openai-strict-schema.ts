import { acceptsNull } from "./accepts-null.js";
import { isJsonSchema, type JsonSchema } from "../json-schema/json-schema.js";

/** A schema OpenAI accepts with `strict: true`, or why the tool must go without it. */
export type StrictSchemaResult = { readonly ok: true; readonly schema: JsonSchema } | { readonly ok: false; readonly reason: string };

// OpenAI's Structured Outputs subset ("Supported schemas"): these keywords are taken as they are.
const KEPT = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "anyOf",
  "description",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);
const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
// Constraints strict mode does not take: dropped, and written into the description instead so the
// model still reads them. The server validates the call against its own schema regardless.
const AS_HINT = new Set([
  "minLength",
  "maxLength",
  "uniqueItems",
  "default",
  "format",
  "minProperties",
  "maxProperties",
  "contentMediaType",
  "contentEncoding",
]);
// Annotations with no effect on what is valid.
const DROPPED = new Set(["title", "examples", "$comment", "$schema", "$id", "$anchor", "deprecated", "readOnly", "writeOnly"]);
const SCALARS = new Set(["string", "number", "integer", "boolean"]);
const LIMITS = { depth: 10, properties: 5000, enumValues: 1000 };

class NotStrict extends Error {}

/**
 * Rewrites a reference-free input schema for OpenAI strict mode: every object lists all its
 * properties in `required` and sets `additionalProperties: false` (an object that names its
 * properties but leaves extra keys open is closed, as OpenAI's own SDKs do: the model has no
 * name for an extra key anyway); an optional property becomes nullable (the router drops those
 * nulls again before `tools/call`, see `stripAddedNulls`); `oneOf` becomes `anyOf`, `const` a
 * one-value `enum`. Where the rewrite would change what a call may contain (a map with arbitrary
 * keys, an untyped value, `allOf`, a tuple, an optional property inside a union) or exceed
 * OpenAI's limits, it says why instead, and the tool goes without strict mode.
 */
export function toOpenAIStrictSchema(schema: JsonSchema): StrictSchemaResult {
  const counts = { properties: 0, enumValues: 0 };
  try {
    const converted = convert(schema, { depth: 0, inUnion: false, path: "input", counts });
    if (counts.properties > LIMITS.properties) throw new NotStrict(`it has more than ${LIMITS.properties} properties`);
    if (counts.enumValues > LIMITS.enumValues) throw new NotStrict(`it has more than ${LIMITS.enumValues} enum values`);
    return { ok: true, schema: converted };
  } catch (error) {
    if (error instanceof NotStrict) return { ok: false, reason: error.message };
    throw error;
  }
}

interface Context {
  depth: number;
  inUnion: boolean;
  path: string;
  counts: { properties: number; enumValues: number };
}

function convert(node: JsonSchema, ctx: Context): JsonSchema {
  if (ctx.depth > LIMITS.depth) throw new NotStrict(`${ctx.path} is nested deeper than ${LIMITS.depth} levels`);
  const { oneOf, const: constant, ...rest } = node;
  if (oneOf !== undefined && rest.anyOf !== undefined) throw new NotStrict(`${ctx.path} has both anyOf and oneOf`);
  const source: JsonSchema = { ...rest, ...(oneOf !== undefined && { anyOf: oneOf }), ...("const" in node && rest.enum === undefined && { enum: [constant] }) };
  const out: JsonSchema = {};
  const hints: string[] = [];
  for (const [keyword, value] of Object.entries(source)) {
    if (keyword === "format" && typeof value === "string" && FORMATS.has(value)) out.format = value;
    else if (AS_HINT.has(keyword)) hints.push(`${keyword}: ${JSON.stringify(value)}`);
    else if (KEPT.has(keyword)) out[keyword] = value;
    else if (!DROPPED.has(keyword)) throw new NotStrict(`${ctx.path} uses "${keyword}"`);
  }
  if (out.type === undefined && out.enum === undefined && out.anyOf === undefined) throw new NotStrict(`${ctx.path} accepts a value of any type`);
  if (Array.isArray(out.enum)) ctx.counts.enumValues += out.enum.length;
  if (Array.isArray(out.anyOf)) {
    out.anyOf = out.anyOf.map((branch, i) => convert(asNode(branch, `${ctx.path}.anyOf[${i}]`), { ...ctx, inUnion: true, path: `${ctx.path}.anyOf[${i}]` }));
  }
  const types = [out.type].flat();
  if (types.includes("object") || out.properties !== undefined) Object.assign(out, convertObject(out, ctx));
  if (types.includes("array")) {
    if (!isJsonSchema(out.items)) throw new NotStrict(`${ctx.path} is an array without one schema for its items`);
    out.items = convert(out.items, { ...ctx, depth: ctx.depth + 1, path: `${ctx.path}[]` });
  }
  if (hints.length) out.description = [out.description, `(${hints.join(", ")})`].filter(Boolean).join(" ");
  return out;
}

function convertObject(node: JsonSchema, ctx: Context): JsonSchema {
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
    throw new NotStrict(`${ctx.path} takes keys it does not name (additionalProperties)`);
  }
  if (!isJsonSchema(node.properties)) {
    if (node.additionalProperties === false) return { properties: {}, required: [], additionalProperties: false };
    throw new NotStrict(`${ctx.path} is an object with no listed properties`);
  }
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const properties: JsonSchema = {};
  for (const [key, value] of Object.entries(node.properties)) {
    const path = `${ctx.path}.${key}`;
    let converted = convert(asNode(value, path), { ...ctx, depth: ctx.depth + 1, path });
    if (!required.has(key)) {
      // A null the model sends for an optional property inside a union could not be told apart
      // from a real value when the call is routed back, so such a schema is not made strict.
      if (ctx.inUnion) throw new NotStrict(`${path} is optional inside anyOf/oneOf`);
      converted = nullable(converted);
    }
    properties[key] = converted;
  }
  ctx.counts.properties += Object.keys(properties).length;
  return { properties, required: Object.keys(properties), additionalProperties: false };
}

// A plain scalar takes "null" in its type list, as OpenAI's own examples write it; anything else
// (an object, an array, an enum) is wrapped in anyOf with a null branch, which strict mode always
// accepts and which keeps the enum and nested rules exactly as they were.
function nullable(schema: JsonSchema): JsonSchema {
  if (acceptsNull(schema)) return schema;
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  if (typeof schema.type === "string" && SCALARS.has(schema.type) && schema.enum === undefined) return { ...schema, type: [schema.type, "null"] };
  const { description, ...rest } = schema;
  return { anyOf: [rest, { type: "null" }], ...(description === undefined ? {} : { description }) };
}

function asNode(value: unknown, path: string): JsonSchema {
  if (!isJsonSchema(value)) throw new NotStrict(`${path} is a boolean schema`);
  return value;
}
