import ts from "./typescript.cjs";
import type { JsonSchema, ResultPlan } from "../../definitions/tool-definition.js";
import { hoistDefs } from "./defs.js";
import type { Reporter } from "./derive-parameters.js";
import { toNullable } from "./nullable.js";
import type { SchemaGenerator } from "./schema-generator.js";
import { whyNotStrict } from "./strict-schema.js";
import { whyUnsupported } from "./unsupported-type.js";

/** How a method's return value travels: the result plan, and the output schema when there is one. */
export interface DerivedOutput {
  readonly plan: ResultPlan;
  readonly schema?: JsonSchema;
}

const ABSENT = ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Null;

/**
 * Derives the output schema of a tool method from its (awaited) return type. MCP requires an
 * object output schema, so anything else, and an object that may be absent, travels as
 * `{ result: value }`, with `null` for a missing value. A bare `string` with no `@returns` text
 * is the exception: it is text already, and travels as its text alone, with no output schema (a
 * schema of `{ result: string }` would say nothing more, and send the text twice).
 */
export function deriveOutput(method: ts.MethodDeclaration, checker: ts.TypeChecker, schemas: SchemaGenerator, report: Reporter): DerivedOutput {
  const signature = checker.getSignatureFromDeclaration(method);
  const returned = signature ? checker.getAwaitedType(signature.getReturnType()) : undefined;
  if (!returned || returned.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never)) return { plan: "none" };
  if (returned.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { plan: "wrap" };
  // Content built with typemcp's helpers (images, audio, links) travels as is, with no output schema.
  if (isToolContent(returned)) return { plan: "none" };
  const node = method.type ?? method.name;
  const members = returned.isUnion() ? returned.types : [returned];
  const mayBeAbsent = members.some((t) => t.flags & ABSENT);
  const why = members
    .filter((t) => !(t.flags & ABSENT))
    .map((t) => whyUnsupported(t, checker, "output"))
    .find((w) => w !== undefined);
  if (why) {
    report.fail(node, `return type: ${why}`);
    return { plan: "none" };
  }
  let schema: JsonSchema;
  try {
    schema = schemas.forType(returned, { typeNode: awaitedNode(method.type), direction: "output" }).schema;
  } catch (error) {
    report.fail(node, `return type: ${(error as Error).message}`);
    return { plan: "none" };
  }
  const description = returnsText(method);
  if (!mayBeAbsent && !description && isBareString(schema)) return { plan: "text" };
  const described = (output: JsonSchema) => (description ? { ...output, description } : output);
  let derived: DerivedOutput;
  // A recursive object type comes as a $ref to its own definition: an object all the same.
  const object = schema.type === "object" ? schema : rootDefinition(schema);
  if (object && !mayBeAbsent) {
    derived = { plan: "object", schema: described(object) };
  } else {
    const defs: Record<string, JsonSchema> = {};
    const present = hoistDefs(defs, schema);
    const result = mayBeAbsent ? toNullable(present) : present;
    const wrapped = { type: "object", properties: { result }, required: ["result"], additionalProperties: false };
    derived = { plan: "wrap", schema: described(Object.keys(defs).length ? { ...wrapped, $defs: defs } : wrapped) };
  }
  const invalid = whyNotStrict(derived.schema!);
  if (invalid) report.fail(node, `return type: its schema is not valid strict JSON Schema 2020-12: ${invalid}`);
  return derived;
}

// The object definition a root `$ref` names (`{ $ref: "#/$defs/Tree", $defs }`), as the root
// itself with the definitions beside it (its inner refs still point there); else undefined.
function rootDefinition(schema: JsonSchema): JsonSchema | undefined {
  const name = typeof schema.$ref === "string" ? /^#\/\$defs\/([^/]+)$/.exec(schema.$ref)?.[1] : undefined;
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  const definition = name === undefined ? undefined : defs?.[name];
  if (definition?.type !== "object") return undefined;
  const { $ref: _ref, ...rest } = schema;
  return { ...definition, ...rest, $defs: defs };
}

// `{ type: "string" }` and nothing else: no format, pattern or literal values the text would need a schema to say.
function isBareString(schema: JsonSchema): boolean {
  return schema.type === "string" && Object.keys(schema).length === 1;
}

// `Promise<T>`'s T is where the author wrote the literal unions of the result.
function awaitedNode(node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (node && ts.isTypeReferenceNode(node) && node.typeName.getText() === "Promise") return node.typeArguments?.[0] ?? node;
  return node;
}

function returnsText(method: ts.MethodDeclaration): string | undefined {
  const tag = ts.getJSDocTags(method).find(ts.isJSDocReturnTag);
  const text = tag ? ts.getTextOfJSDocComment(tag.comment)?.trim() : undefined;
  return text?.replace(/^-\s+/, "").replace(/([^\n])\n(?=[^\n])/g, "$1 ") || undefined;
}

function isToolContent(type: ts.Type): boolean {
  const declaration = type.getSymbol()?.declarations?.[0];
  return declaration !== undefined && ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === "typemcpContent");
}
