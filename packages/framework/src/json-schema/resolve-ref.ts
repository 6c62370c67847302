import { isJsonSchema, type JsonSchema } from "./json-schema.js";

/**
 * The node a local reference (`#`, `#/$defs/Tree`, `#/definitions/import(%22%2Fx%22).Tree`)
 * points at in `root`, or undefined for a reference outside the document or to nothing. Each
 * segment is percent-decoded after splitting, so an encoded `/` stays inside its name; a
 * definition name with a bare `/` in it is tolerated too.
 */
export function resolveRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (!ref.startsWith("#")) return undefined;
  const fragment = ref.slice(1);
  if (fragment === "") return root;
  if (!fragment.startsWith("/")) return undefined;
  let node: unknown = root;
  for (const segment of fragment.slice(1).split("/")) node = child(node, decodeSegment(segment));
  if (isJsonSchema(node)) return node;
  const whole = /^\/(\$defs|definitions)\/(.+)$/.exec(fragment);
  const fallback = whole ? child(root[whole[1]!], decodeSegment(whole[2]!)) : undefined;
  return isJsonSchema(fallback) ? fallback : undefined;
}

function child(node: unknown, key: string): unknown {
  return isJsonSchema(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
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
