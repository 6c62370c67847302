import type { JsonSchema } from "../json-schema/json-schema.js";
import { mapSubschemas } from "../json-schema/map-subschemas.js";
import { resolveRef } from "../json-schema/resolve-ref.js";

/** A schema with its references inlined; see `inlineRefs`. */
export interface InlinedSchema {
  readonly schema: JsonSchema;
  /** Whether some `$ref`s had to stay because their target contains itself (a tree, a list). */
  readonly recursive: boolean;
  /** References that point outside the document or at nothing: dropped, so the value is unconstrained there. */
  readonly unresolved: readonly string[];
}

/**
 * Replaces every local `$ref` whose target does not (directly or not) contain itself by a copy of
 * the target, with the referring node's own keywords (a `description`) laid over it, and drops
 * `$defs`/`definitions`. A recursive target stays a reference, to `#` or to `#/$defs/<name>`, and
 * is kept in `$defs` at the root. Most providers take no references at all; the rest take them
 * only at the root.
 */
export function inlineRefs(root: JsonSchema): InlinedSchema {
  const refsIn = new Map<string, Set<string>>();
  const edges = (ref: string): Set<string> => {
    let found = refsIn.get(ref);
    if (!found) {
      refsIn.set(ref, (found = new Set()));
      const target = resolveRef(ref, root);
      if (target) collectRefs(target, found);
    }
    return found;
  };
  const cyclic = new Map<string, boolean>();
  const isCyclic = (ref: string): boolean => {
    if (!cyclic.has(ref)) cyclic.set(ref, reaches(ref, ref, edges, new Set()));
    return cyclic.get(ref)!;
  };

  const defNames = new Map<string, string>();
  const unresolved = new Set<string>();
  let keptRoot = false;
  const visit = (node: JsonSchema): JsonSchema => {
    const { $ref, $defs: _defs, definitions: _definitions, ...rest } = node;
    const own = mapSubschemas(rest, visit);
    if (typeof $ref !== "string") return own;
    const target = resolveRef($ref, root);
    if (!target) {
      unresolved.add($ref);
      return own;
    }
    if (!isCyclic($ref)) return { ...visit(target), ...own };
    if ($ref === "#") {
      keptRoot = true;
      return { $ref, ...own };
    }
    if (!defNames.has($ref)) defNames.set($ref, uniqueName($ref, new Set(defNames.values())));
    return { $ref: `#/$defs/${defNames.get($ref)!}`, ...own };
  };

  const schema = visit(root);
  const defs: JsonSchema = {};
  for (let done = 0; done < defNames.size; done++) {
    const [ref, name] = [...defNames][done]!;
    defs[name] = visit(resolveRef(ref, root)!);
  }
  if (defNames.size) schema.$defs = defs;
  return { schema, recursive: keptRoot || defNames.size > 0, unresolved: [...unresolved] };
}

function collectRefs(node: JsonSchema, into: Set<string>): void {
  if (typeof node.$ref === "string") into.add(node.$ref);
  const { $defs: _defs, definitions: _definitions, ...applied } = node;
  mapSubschemas(applied, (sub) => collectRefs(sub, into));
}

function reaches(from: string, goal: string, edges: (ref: string) => Set<string>, seen: Set<string>): boolean {
  for (const next of edges(from)) {
    if (next === goal) return true;
    if (!seen.has(next)) {
      seen.add(next);
      if (reaches(next, goal, edges, seen)) return true;
    }
  }
  return false;
}

// typescript-json-schema names a definition `import("/abs/file").Tree`: keep the identifier.
function uniqueName(ref: string, taken: Set<string>): string {
  const base = /[A-Za-z0-9_]+$/.exec(ref)?.[0] ?? "def";
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  return name;
}
