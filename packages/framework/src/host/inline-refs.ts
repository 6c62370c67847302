import { isSchemaNode, mapSubschemas, type SchemaNode } from "./map-subschemas.js";

/** A schema with its references inlined; see `inlineRefs`. */
export interface InlinedSchema {
  readonly schema: SchemaNode;
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
export function inlineRefs(root: SchemaNode): InlinedSchema {
  const refsIn = new Map<string, Set<string>>();
  const edges = (ref: string): Set<string> => {
    let found = refsIn.get(ref);
    if (!found) {
      refsIn.set(ref, (found = new Set()));
      const target = resolvePointer(root, ref);
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
  const visit = (node: SchemaNode): SchemaNode => {
    const { $ref, $defs: _defs, definitions: _definitions, ...rest } = node;
    const own = mapSubschemas(rest, visit);
    if (typeof $ref !== "string") return own;
    const target = resolvePointer(root, $ref);
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
  const defs: SchemaNode = {};
  for (let done = 0; done < defNames.size; done++) {
    const [ref, name] = [...defNames][done]!;
    defs[name] = visit(resolvePointer(root, ref)!);
  }
  if (defNames.size) schema.$defs = defs;
  return { schema, recursive: keptRoot || defNames.size > 0, unresolved: [...unresolved] };
}

/**
 * The node a local reference (`#`, `#/$defs/Tree`, `#/definitions/import(%22%2Fx%22).Tree`)
 * points at. Each segment is percent-decoded after splitting, so an encoded `/` stays inside its
 * name; a definition name with a bare `/` in it is tolerated too.
 */
export function resolvePointer(root: SchemaNode, ref: string): SchemaNode | undefined {
  if (!ref.startsWith("#")) return undefined;
  const fragment = ref.slice(1);
  if (fragment === "") return root;
  if (!fragment.startsWith("/")) return undefined;
  let node: unknown = root;
  for (const segment of fragment.slice(1).split("/")) node = child(node, decodeSegment(segment));
  if (isSchemaNode(node)) return node;
  const whole = /^\/(\$defs|definitions)\/(.+)$/.exec(fragment);
  const fallback = whole ? child(root[whole[1]!], decodeSegment(whole[2]!)) : undefined;
  return isSchemaNode(fallback) ? fallback : undefined;
}

function child(node: unknown, key: string): unknown {
  return isSchemaNode(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
}

function decodeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded after all; read it as written.
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~");
}

function collectRefs(node: SchemaNode, into: Set<string>): void {
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
