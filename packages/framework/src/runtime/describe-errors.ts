import type { ErrorObject } from "ajv";
import type { JsonSchema } from "../tool-definition.js";

/**
 * Turns ajv's errors into one line per wrong parameter, written for a model to correct its call:
 * which parameter, what was expected, what it sent.
 */
export function describeErrors(errors: readonly ErrorObject[], schema: JsonSchema, args: unknown): string[] {
  const lines = new Set<string>();
  for (const error of errors) lines.add(describeError(error, schema, args));
  return [...lines];
}

function describeError(error: ErrorObject, schema: JsonSchema, args: unknown): string {
  const path = toPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required": {
      const name = join(path, String(params.missingProperty));
      const expected = describeSchema(schemaAt(schema, `${error.instancePath}/${String(params.missingProperty)}`));
      return `${name}: missing required parameter${expected ? ` (expected ${expected})` : ""}`;
    }
    case "additionalProperties": {
      const extra = String(params.additionalProperty);
      const known = Object.keys((schemaAt(schema, error.instancePath)?.properties as object | undefined) ?? {});
      const takes = known.length ? `; expected only ${known.map((k) => `"${k}"`).join(", ")}` : "";
      return `${join(path, extra)}: unknown parameter${takes}`;
    }
    case "type":
      return `${path || "arguments"}: expected ${describeSchema(schemaAt(schema, error.instancePath)) ?? String(params.type)}, got ${describeValue(valueAt(args, error.instancePath))}`;
    case "enum":
      return `${path || "arguments"}: expected one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, got ${describeValue(valueAt(args, error.instancePath))}`;
    default:
      return `${path || "arguments"}: ${error.message ?? error.keyword}, got ${describeValue(valueAt(args, error.instancePath))}`;
  }
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

function schemaAt(schema: JsonSchema, instancePath: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const part of instancePath.split("/").slice(1)) {
    if (!node) return undefined;
    const properties = node.properties as Record<string, JsonSchema> | undefined;
    node = /^\d+$/.test(part) && node.items ? (node.items as JsonSchema) : properties?.[part];
  }
  return node;
}

function valueAt(value: unknown, instancePath: string): unknown {
  let node = value;
  for (const part of instancePath.split("/").slice(1)) {
    node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

function describeSchema(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" or ");
  if (type === "array" && schema.items && typeof schema.items === "object") {
    const item = describeSchema(schema.items as JsonSchema);
    return item ? `array of ${item}` : "array";
  }
  return typeof type === "string" ? (schema.format ? `${type} (${String(schema.format)})` : type) : undefined;
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}
