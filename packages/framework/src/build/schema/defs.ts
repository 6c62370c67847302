import type { JsonSchema } from "../../json-schema/json-schema.js";
import { mapSchemasDeep } from "../../json-schema/map-subschemas.js";

const DEFS_PREFIX = "#/$defs/";

/**
 * Renames the `$defs` typescript-json-schema names after a type's printed form (`Tree<string>`,
 * `import("/abs/path", ...).Tree`) to plain identifiers (`Tree_string`, `Tree`), rewriting every `$ref`.
 */
export function renameDefs(schema: JsonSchema): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return schema;
  const taken = new Set<string>();
  const names = new Map(Object.keys(defs).map((name) => [name, claim(saneName(name), taken)]));
  return withRefsRenamed({ ...schema, $defs: renameKeys(defs, names) }, names);
}

/**
 * Moves the `$defs` of one part of a schema (a parameter, the wrapped result) into `defs`, where
 * the document root will hold them, and returns the part without them. A name already taken by
 * a different definition gets a suffix, and the part's `$ref`s follow it.
 */
export function hoistDefs(defs: Record<string, JsonSchema>, part: JsonSchema): JsonSchema {
  const { $defs, ...rest } = part as JsonSchema;
  if (!$defs) return part;
  const own = $defs as Record<string, JsonSchema>;
  const taken = new Set(Object.keys(defs));
  const names = new Map<string, string>();
  for (const [name, definition] of Object.entries(own)) {
    const same = name in defs && JSON.stringify(defs[name]) === JSON.stringify(definition);
    names.set(name, same ? name : claim(name, taken));
  }
  const renamed = withRefsRenamed({ ...rest, $defs: renameKeys(own, names) }, names);
  Object.assign(defs, renamed.$defs);
  const { $defs: _, ...hoisted } = renamed;
  return hoisted;
}

function saneName(name: string): string {
  // Under NodeNext: `import("/abs/file", { with: { "resolution-mode": "import" } }).Tree`.
  const bare = name.replace(/\bimport\([^)]*\)\.|"[^"]*"\./g, "");
  return bare.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "Type";
}

function claim(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let i = 2; taken.has(candidate); i++) candidate = `${name}_${i}`;
  taken.add(candidate);
  return candidate;
}

function renameKeys<T>(record: Record<string, T>, names: ReadonlyMap<string, string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [names.get(name) ?? name, value]));
}

function withRefsRenamed(schema: JsonSchema, names: ReadonlyMap<string, string>): JsonSchema {
  return mapSchemasDeep(schema, (node) => {
    if (typeof node.$ref !== "string" || !node.$ref.startsWith(DEFS_PREFIX)) return node;
    const old = decodeURIComponent(node.$ref.slice(DEFS_PREFIX.length));
    const name = names.get(old) ?? names.get(node.$ref.slice(DEFS_PREFIX.length));
    return name ? { ...node, $ref: `${DEFS_PREFIX}${name}` } : node;
  });
}
