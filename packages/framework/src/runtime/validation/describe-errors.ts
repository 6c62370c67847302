import type { ErrorObject } from "ajv";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { resolveRef } from "../../json-schema/resolve-ref.js";
import { describeSchema, describeValue } from "./describe-schema.js";
import { CLOSEST_BRANCH, resolveUnionErrors } from "./union-errors.js";

/**
 * Turns ajv's errors into one line per wrong parameter, written for a model to correct its call:
 * which parameter, what was expected, what it sent. Reads `parentSchema` and `data` when ajv
 * reports them (its `verbose` option), else finds them by the error's paths.
 */
export function describeErrors(
  errors: readonly ErrorObject[],
  schema: JsonSchema,
  args: unknown,
  words: ErrorWords = ARGUMENT_WORDS,
  checkMember?: MemberCheck,
): string[] {
  const lines = new Set<string>();
  for (const error of resolveUnionErrors(
    errors,
    checkMember && ((member, data) => checkMember({ ...member, ...(schema.$defs ? { $defs: schema.$defs } : {}) }, data)),
  )) {
    lines.add(describeError(error, schema, args, words));
  }
  return [...lines];
}

/** How the lines name the value checked and its parts: a call's arguments, or a tool's result. */
export interface ErrorWords {
  /** The name of the whole value. */
  readonly root: string;
  /** What a property is called ("parameter", "property"). */
  readonly part: string;
}

/** The words for a call's arguments. */
export const ARGUMENT_WORDS: ErrorWords = { root: "arguments", part: "parameter" };

/** Validates `data` against one member of a union (with the root's `$defs`), returning ajv's errors. */
export type MemberCheck = (member: JsonSchema, data: unknown) => readonly ErrorObject[];

function describeError(error: ErrorObject, root: JsonSchema, args: unknown, words: ErrorWords): string {
  const path = toPath(error.instancePath);
  const name = path || words.root;
  const params = error.params as Record<string, unknown>;
  const where = (error.parentSchema as JsonSchema | undefined) ?? schemaAt(root, error.instancePath);
  const got = describeValue("data" in error ? error.data : valueAt(args, error.instancePath));
  switch (error.keyword) {
    case "required": {
      const missing = String(params.missingProperty);
      const property = (where?.properties as Record<string, JsonSchema> | undefined)?.[missing];
      const expected = describeSchema(property, root);
      return `${join(path, missing)}: missing required ${words.part}${expected ? ` (expected ${expected})` : ""}`;
    }
    case "additionalProperties": {
      const known = Object.keys((where?.properties as object | undefined) ?? {}).map((k) => `"${k}"`);
      const patterns = Object.keys((where?.patternProperties as object | undefined) ?? {}).map((p) => `keys matching /${p}/`);
      const takes = known.length
        ? `; expected only ${[known.join(", "), ...patterns].join(", or ")}`
        : patterns.length
          ? `; expected ${patterns.join(" or ")}`
          : "";
      return `${join(path, String(params.additionalProperty))}: unknown ${words.part}${takes}`;
    }
    case "type":
      return `${name}: expected ${describeSchema(where, root) ?? String(params.type)}, got ${got}`;
    case "enum":
      return `${name}: expected one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, got ${got}`;
    case "const":
      return `${name}: expected ${JSON.stringify(params.allowedValue)}, got ${got}`;
    case "anyOf":
    case "oneOf":
      return Array.isArray(params.passingSchemas)
        ? `${name}: matches more than one of the allowed shapes; make it match exactly one`
        : `${name}: expected ${describeSchema(where, root) ?? "one of the allowed shapes"}, got ${got}`;
    case CLOSEST_BRANCH:
      return `${name}: matches none of the ${String(params.count)} allowed shapes; closest is ${describeBranch(params.member as JsonSchema, root)}, which needs:`;
    case "uniqueItems":
      return `${name}: expected unique items, but [${Math.min(Number(params.i), Number(params.j))}] and [${Math.max(Number(params.i), Number(params.j))}] are equal`;
    case "minItems":
    case "maxItems":
      return `${name}: expected ${bound(error.keyword, where)} items, got ${(valueOrData(error, args) as unknown[]).length}`;
    case "pattern":
      if (where?.contentEncoding === "base64") return `${name}: expected bytes as base64 text, got ${got}`;
      return `${name}: ${error.message ?? error.keyword}, got ${got}`;
    default:
      // ajv's own words are clear for the rest: `must be <= 90`, `must match pattern "^[a-z]+$"`.
      return `${name}: ${error.message ?? error.keyword}, got ${got}`;
  }
}

// A member of a union, named so a model can tell it from the others: an object by its properties.
function describeBranch(member: JsonSchema, root: JsonSchema): string {
  const schema = typeof member.$ref === "string" ? (resolveRef(member.$ref, root) ?? member) : member;
  const properties = Object.keys((schema.properties as object | undefined) ?? {});
  if (properties.length) return `the object with ${properties.map((p) => `"${p}"`).join(", ")}`;
  return describeSchema(schema, root) ?? "one of them";
}

// A tuple has as many items at least as at most: say "exactly".
function bound(keyword: string, schema: JsonSchema | undefined): string {
  const min = schema?.minItems as number | undefined;
  const max = schema?.maxItems as number | undefined;
  if (min !== undefined && min === max) return `exactly ${min}`;
  return keyword === "minItems" ? `at least ${String(min)}` : `at most ${String(max)}`;
}

function valueOrData(error: ErrorObject, args: unknown): unknown {
  return "data" in error ? error.data : valueAt(args, error.instancePath);
}

function toPath(instancePath: string): string {
  return instancePath
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : join(path, part)), "");
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

// Without ajv's `verbose` errors: the schema an instance path leads to, through properties,
// tuple and array items, record values and local refs.
function schemaAt(root: JsonSchema, instancePath: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  for (const part of instancePath.split("/").slice(1)) {
    if (node && typeof node.$ref === "string") node = resolveRef(node.$ref, root);
    if (!node) return undefined;
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    const properties = node.properties as Record<string, JsonSchema> | undefined;
    const index = /^\d+$/.test(key) ? Number(key) : undefined;
    if (properties?.[key]) node = properties[key];
    else if (index !== undefined && Array.isArray(node.prefixItems)) node = node.prefixItems[index] as JsonSchema | undefined;
    else if (index !== undefined && node.items && typeof node.items === "object") node = node.items as JsonSchema;
    else if (node.additionalProperties && typeof node.additionalProperties === "object") node = node.additionalProperties as JsonSchema;
    else return undefined;
  }
  return node && typeof node.$ref === "string" ? resolveRef(node.$ref, root) : node;
}

function valueAt(value: unknown, instancePath: string): unknown {
  let node = value;
  for (const part of instancePath.split("/").slice(1)) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}
