import type { OpenApiDocument } from "./openapi-document.js";

const SCHEMA_PREFIX = "#/components/schemas/";

/** The component name a `$ref` points at when it names one of `components.schemas` whole, else undefined. */
export function schemaComponentName(ref: string): string | undefined {
  if (!ref.startsWith(SCHEMA_PREFIX)) return undefined;
  const name = decodePointerToken(ref.slice(SCHEMA_PREFIX.length));
  return name.includes("/") ? undefined : name;
}

/** What a local JSON pointer (`#/components/parameters/limit`) points at in `document`, or undefined. */
export function resolvePointer(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = document;
  for (const token of ref.slice(1).split("/").filter(Boolean).map(decodePointerToken)) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/**
 * `value` with its `$ref` followed (through a chain of them) to what it names, for parameters,
 * bodies, responses and security schemes. A chain that loops, or leaves the document (another
 * file, a URL), resolves to undefined: the caller reports what it could not read.
 */
export function resolveRef<T extends object>(document: OpenApiDocument, value: T | undefined): T | undefined {
  const seen = new Set<string>();
  let current: unknown = value;
  while (typeof current === "object" && current !== null && typeof (current as { $ref?: unknown }).$ref === "string") {
    const ref = (current as { $ref: string }).$ref;
    if (seen.has(ref)) return undefined;
    seen.add(ref);
    current = resolvePointer(document, ref);
  }
  return typeof current === "object" && current !== null ? (current as T) : undefined;
}

function decodePointerToken(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~");
}
