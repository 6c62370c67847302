import { asSentence, constraintTags, jsDoc } from "./jsdoc-text.js";
import type { SchemaObject } from "./openapi-document.js";
import { schemaComponentName } from "./resolve-ref.js";
import { isInlineObject, toTypeText, type TypeContext, withoutOpenSignature } from "./schema-to-type.js";

/**
 * The declarations of the components the methods reach, and of those they reach in turn, in the
 * order the spec lists them: an object as an `interface` (an `allOf` of objects as one that
 * `extends` them), anything else as a `type`. Those a result reaches (`outputRoots`, and what
 * they reach) are open to properties the spec does not list, as JSON Schema reads an object
 * without `additionalProperties: false`: an API that adds a field must not fail every call on
 * typemcp's check of results against the output schema.
 */
export function componentDeclarations(context: TypeContext, outputRoots: ReadonlySet<string>): string[] {
  const schemas = context.document.components?.schemas ?? {};
  const reaches = new Map<string, Set<string>>();
  const bodies = new Map<string, { text: string; bases?: string[] }>();
  context.direction = "both";
  const queue = [...context.referenced];
  while (queue.length) {
    const name = queue.pop()!;
    if (bodies.has(name)) continue;
    const outer = new Set(context.referenced);
    context.referenced.clear();
    bodies.set(name, bodyOf(schemas[name]!, context));
    reaches.set(name, new Set(context.referenced));
    queue.push(...context.referenced);
    for (const n of outer) context.referenced.add(n);
  }
  const open = new Set<string>();
  const visit = (name: string) => {
    if (open.has(name)) return;
    open.add(name);
    for (const next of reaches.get(name) ?? []) visit(next);
  };
  outputRoots.forEach(visit);
  // Written again open: every object literal in them, nested ones too, takes unlisted properties.
  context.open = true;
  for (const name of open) bodies.set(name, bodyOf(schemas[name]!, context));
  context.open = false;
  return Object.keys(schemas)
    .filter((name) => bodies.has(name))
    .map((name) => declaration(context.names.get(name)!, schemas[name]!, bodies.get(name)!, open.has(name)));
}

// An interface's body (`{ … }`, and what it extends), or a type's text.
function bodyOf(schema: SchemaObject, context: TypeContext): { text: string; bases?: string[] } {
  const parts = schema.allOf;
  if (Array.isArray(parts) && parts.length && !schema.oneOf && !schema.anyOf && !schema.nullable) {
    const refs = parts.filter((part) => typeof part.$ref === "string");
    const inline = parts.filter((part) => part.$ref === undefined);
    const objectRefs = refs.every((part) => {
      const target = schemaComponentName(part.$ref!);
      return target !== undefined && context.names.has(target) && isObjectLike(context.document.components?.schemas?.[target]);
    });
    if (refs.length && objectRefs && inline.every((part) => isInlineObject(part) || (schema.properties && !part.properties))) {
      const own: SchemaObject = {
        type: "object",
        properties: Object.assign({}, schema.properties, ...inline.map((part) => part.properties)),
        required: [...(schema.required ?? []), ...inline.flatMap((part) => part.required ?? [])],
      };
      const bases = refs.map((part) => toTypeText(part, context));
      if (Object.keys(own.properties!).length) return { text: toTypeText(own, context), bases };
    }
  }
  return { text: toTypeText(schema, context) };
}

function isObjectLike(schema: SchemaObject | undefined): boolean {
  if (schema === undefined) return false;
  if (isInlineObject(schema)) return true;
  return (
    Array.isArray(schema.allOf) && !schema.oneOf && !schema.anyOf && !schema.nullable && schema.allOf.every((p) => p.$ref !== undefined || isInlineObject(p))
  );
}

function declaration(name: string, schema: SchemaObject, body: { text: string; bases?: string[] }, open: boolean): string {
  const description = schema.description ?? schema.title;
  const isInterface = (body.bases !== undefined || isInlineObject(schema)) && body.text.startsWith("{");
  const tags = isInterface ? (open && schema.additionalProperties !== false ? ["@additionalProperties true"] : []) : constraintTags(schema);
  const doc = jsDoc(description ? asSentence(description) : undefined, tags, "");
  if (!isInterface) return `${doc}export type ${name} = ${body.text};\n`;
  return `${doc}export interface ${name}${body.bases ? ` extends ${body.bases.join(", ")}` : ""} ${withoutOpenSignature(body.text)}\n`;
}
