import { isJsonSchema, type JsonSchema } from "../json-schema/json-schema.js";

/**
 * The root of a tool's input schema as providers take it: `type: "object"` with `properties`,
 * and no `anyOf`/`oneOf`/`allOf`. Root branches are merged into one object: every branch's
 * properties (a property two branches describe differently becomes their `anyOf`), required
 * where all of an `anyOf`/`oneOf`'s branches require it, or any of an `allOf`'s. That accepts at
 * least what the original did; the server still validates each call against its own schema.
 */
export function toObjectRoot(schema: JsonSchema): JsonSchema {
  const { anyOf, oneOf, allOf, ...root } = schema;
  const properties: JsonSchema = isJsonSchema(root.properties) ? { ...root.properties } : {};
  const required = new Set(requiredOf(root));
  const closed: boolean[] = [];
  const merge = (branches: JsonSchema[], everyBranch: boolean) => {
    if (!branches.length) return;
    for (const branch of branches) {
      for (const [key, value] of Object.entries(isJsonSchema(branch.properties) ? branch.properties : {})) {
        const existing = properties[key];
        properties[key] = existing === undefined || same(existing, value) ? value : { anyOf: [existing, value] };
      }
      closed.push(branch.additionalProperties === false);
    }
    const lists = branches.map(requiredOf);
    const merged = everyBranch ? lists.reduce((a, b) => a.filter((k) => b.includes(k))) : lists.flat();
    for (const key of merged) required.add(key);
  };
  merge(branchesOf(anyOf), true);
  merge(branchesOf(oneOf), true);
  merge(branchesOf(allOf), false);
  const out: JsonSchema = { ...root, type: "object", properties };
  if (required.size) out.required = [...required];
  else delete out.required;
  if (root.additionalProperties === undefined && closed.length && closed.every(Boolean)) out.additionalProperties = false;
  return out;
}

function branchesOf(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.filter(isJsonSchema) : [];
}

function requiredOf(node: JsonSchema): string[] {
  return Array.isArray(node.required) ? node.required.filter((k): k is string => typeof k === "string") : [];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
