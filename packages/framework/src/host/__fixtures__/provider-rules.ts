import { isJsonSchema, type JsonSchema } from "../../json-schema/json-schema.js";
import { mapSubschemas } from "../../json-schema/map-subschemas.js";

/**
 * The providers' published rules for a tool definition, as checks that list every violation.
 * Anthropic Messages API: name `^[a-zA-Z0-9_-]{1,64}$`; `input_schema` a JSON Schema whose root
 * is `type: "object"` with no `oneOf`/`anyOf`/`allOf`. OpenAI function tools (Chat and
 * Responses): the same name rule and root; with `strict: true`, Structured Outputs' subset:
 * every object has `additionalProperties: false` and lists every property in `required`, only
 * the supported keywords and formats, at most 10 levels of nesting.
 */
export const NAME_RULE = /^[a-zA-Z0-9_-]{1,64}$/;

const STRICT_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "anyOf",
  "description",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);
const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

/** Problems with a name or root schema under any provider's rules. */
export function commonViolations(name: string, schema: JsonSchema): string[] {
  const problems: string[] = [];
  if (!NAME_RULE.test(name)) problems.push(`name ${name} breaks ${NAME_RULE}`);
  if (schema.type !== "object") problems.push("root is not type object");
  for (const keyword of ["anyOf", "oneOf", "allOf"]) if (keyword in schema) problems.push(`root has ${keyword}`);
  if (everyNode(schema).some((node) => "$schema" in node)) problems.push("has $schema");
  return problems;
}

/** References left over: none are allowed unless the schema is recursive and carries `$defs`. */
export function refViolations(schema: JsonSchema): string[] {
  const refs = everyNode(schema).filter((node) => typeof node.$ref === "string");
  if (!refs.length) return [];
  const defs = isJsonSchema(schema.$defs) ? schema.$defs : {};
  return refs
    .map((node) => node.$ref as string)
    .filter((ref) => ref !== "#" && !(ref.startsWith("#/$defs/") && ref.slice(8) in defs))
    .map((ref) => `dangling $ref ${ref}`);
}

/** Problems under OpenAI strict mode. */
export function strictViolations(schema: JsonSchema): string[] {
  const problems: string[] = [];
  const visit = (node: JsonSchema, depth: number, path: string) => {
    if (depth > 10) problems.push(`${path} deeper than 10`);
    for (const keyword of Object.keys(node)) if (!STRICT_KEYWORDS.has(keyword)) problems.push(`${path} uses ${keyword}`);
    if (typeof node.format === "string" && !STRICT_FORMATS.has(node.format)) problems.push(`${path} format ${node.format}`);
    const types = [node.type].flat();
    if (types.includes("object") || "properties" in node) {
      if (node.additionalProperties !== false) problems.push(`${path} not closed`);
      const keys = Object.keys(isJsonSchema(node.properties) ? node.properties : {});
      const required = Array.isArray(node.required) ? node.required : [];
      if (keys.length !== required.length || keys.some((k) => !required.includes(k))) problems.push(`${path} does not require every property`);
    }
    if (node.type === undefined && node.enum === undefined && node.anyOf === undefined) problems.push(`${path} untyped`);
    mapSubschemas(node, (sub, keyword) => visit(sub, depth + (keyword === "properties" || keyword === "items" ? 1 : 0), `${path}.${keyword}`));
  };
  visit(schema, 0, "parameters");
  return problems;
}

function everyNode(schema: JsonSchema): JsonSchema[] {
  const nodes: JsonSchema[] = [schema];
  mapSubschemas(schema, (sub) => nodes.push(...everyNode(sub)));
  return nodes;
}
