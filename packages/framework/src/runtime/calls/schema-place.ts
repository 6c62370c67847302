import type { JsonSchema } from "../../definitions/tool-definition.js";
import { isJsonSchema } from "../../json-schema/json-schema.js";
import { resolveRef } from "../../json-schema/resolve-ref.js";

/**
 * Where a part of a tool's result sits in its output schema: every subschema that may describe
 * it (each branch of a union, each `$ref` followed). The result conversion walks it beside the
 * value, so what the build wrote decides which members of a class instance are data.
 */
export class SchemaPlace {
  private resolved: readonly JsonSchema[] | undefined;

  // Nodes are found only when asked for: most results hold no class instance, and walking the
  // schema beside every property of a large result would cost more than converting it.
  private constructor(
    private readonly root: JsonSchema,
    private readonly find: () => readonly JsonSchema[],
  ) {}

  /** The place of the whole value described by `schema`; undefined when there is no schema. */
  static of(schema: JsonSchema | undefined): SchemaPlace | undefined {
    return schema ? new SchemaPlace(schema, () => expand(schema, schema)) : undefined;
  }

  /** The place of property `key` of an object here. */
  property(key: string): SchemaPlace {
    return this.next((node) => {
      const declared = (node.properties as Record<string, unknown> | undefined)?.[key];
      return isJsonSchema(declared) ? declared : isJsonSchema(node.additionalProperties) ? node.additionalProperties : undefined;
    });
  }

  /** The place of element `index` of an array here. */
  item(index: number): SchemaPlace {
    return this.next((node) => {
      const prefix = node.prefixItems as unknown[] | undefined;
      const item = Array.isArray(prefix) && index < prefix.length ? prefix[index] : node.items;
      return isJsonSchema(item) ? item : undefined;
    });
  }

  /**
   * The property names an object here may carry, as the schema lists them; undefined when the
   * schema leaves them open (no closed object schema here, or one taking other keys too).
   */
  dataKeys(): readonly string[] | undefined {
    const objects = this.nodes().filter((node) => node.type === "object" || (Array.isArray(node.type) && node.type.includes("object")) || node.properties);
    if (!objects.length || objects.some((node) => node.additionalProperties !== false || node.patternProperties)) return undefined;
    return [...new Set(objects.flatMap((node) => Object.keys((node.properties as object | undefined) ?? {})))];
  }

  private nodes(): readonly JsonSchema[] {
    this.resolved ??= this.find();
    return this.resolved;
  }

  private next(step: (node: JsonSchema) => JsonSchema | undefined): SchemaPlace {
    return new SchemaPlace(this.root, () => {
      const found: JsonSchema[] = [];
      for (const node of this.nodes()) {
        const child = step(node);
        if (child) found.push(...expand(child, this.root));
      }
      return found;
    });
  }
}

// A schema and, through `$ref` and the branches of `anyOf`/`oneOf`/`allOf`, every schema it stands for.
function expand(schema: JsonSchema, root: JsonSchema, seen = new Set<JsonSchema>()): JsonSchema[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const found = [schema];
  if (typeof schema.$ref === "string") {
    const target = resolveRef(schema.$ref, root);
    if (target) found.push(...expand(target, root, seen));
  }
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) if (isJsonSchema(branch)) found.push(...expand(branch, root, seen));
  }
  return found;
}
