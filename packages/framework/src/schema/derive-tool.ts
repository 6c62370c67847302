import ts from "typescript";
import { BuildError } from "../errors/build-error.js";
import type { GeneratedTool, JsonSchema, ParameterPlan, ResultPlan } from "../tool-definition.js";
import type { ToolMethod } from "./find-tool-methods.js";
import type { SchemaGenerator } from "./schema-generator.js";
import { evaluateLiteral } from "./evaluate-literal.js";
import { locationOf } from "./source-location.js";
import { whyUnsupported } from "./unsupported-type.js";

/** What one `@tool` method derives to: its definition, or every reason it cannot be served. */
export type Derived = { ok: true; tool: GeneratedTool } | { ok: false; errors: BuildError[] };

/** Derives a tool's definition from its method's signature, types and JSDoc. */
export function deriveTool(found: ToolMethod, checker: ts.TypeChecker, schemas: SchemaGenerator): Derived {
  const { method } = found;
  const methodName = method.name.getText();
  const where = `${className(found)}.${methodName}`;
  const errors: BuildError[] = [];
  const fail = (node: ts.Node, message: string) =>
    errors.push(new BuildError("UNSUPPORTED_SIGNATURE", `${where}: ${message}`, { location: locationOf(node) }));

  if (!ts.isIdentifier(method.name)) fail(method.name, "a tool method needs a plain name");
  const typeParameter = method.typeParameters?.[0];
  if (typeParameter) fail(typeParameter, "generic methods cannot be tools: a schema needs concrete types");
  const staticKeyword = method.modifiers?.find((m) => m.kind === ts.SyntaxKind.StaticKeyword);
  if (staticKeyword) fail(staticKeyword, "static methods cannot be tools");

  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const params: ParameterPlan[] = [];
  const defs: Record<string, JsonSchema> = {};
  let wholeArguments: JsonSchema | undefined;

  for (const param of method.parameters) {
    const type = checker.getTypeAtLocation(param);
    const optional = checker.isOptionalParameter(param);
    if (param.dotDotDotToken) {
      fail(param, `rest parameter "${param.name.getText()}" cannot be a tool argument; take an array instead`);
      continue;
    }
    if (!ts.isIdentifier(param.name)) {
      // A destructured object parameter takes the whole arguments object.
      if (method.parameters.length > 1) {
        fail(param, "a destructured parameter must be the method's only parameter: it stands for all the arguments");
        continue;
      }
      const schema = schemas.forType(checker.getNonNullableType(type));
      if (schema.type !== "object") fail(param, "a destructured parameter must be an object type");
      wholeArguments = schema;
      params.push({ from: "arguments" });
      continue;
    }
    const name = param.name.text;
    const why = whyUnsupported(checker.getNonNullableType(type), checker);
    if (why) {
      fail(param, `parameter "${name}": ${why}`);
      continue;
    }
    const symbol = checker.getSymbolAtLocation(param.name);
    let schema: JsonSchema;
    try {
      schema = schemas.forType(type, symbol);
    } catch (error) {
      fail(param, `parameter "${name}": ${(error as Error).message}`);
      continue;
    }
    if (param.initializer) {
      const value = evaluateLiteral(param.initializer);
      if (value !== undefined) schema = { ...schema, default: value };
    }
    const { $defs, ...property } = schema;
    // A recursive type's `#/$defs/...` refs resolve from the document root, so its `$defs` go there.
    if ($defs) Object.assign(defs, $defs);
    properties[name] = property;
    if (!optional) required.push(name);
    params.push(isDate(checker.getNonNullableType(type)) ? { from: "argument", name, revive: "date" } : { from: "argument", name });
  }

  const output = deriveOutput(found, checker, schemas, fail);
  if (errors.length) return { ok: false, errors };

  const inputSchema: JsonSchema = wholeArguments ?? {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  };
  const description = methodDescription(method, checker);
  return {
    ok: true,
    tool: {
      method: methodName,
      ...(description ? { description } : {}),
      inputSchema,
      ...(output.schema ? { outputSchema: output.schema } : {}),
      params,
      result: output.plan,
    },
  };
}

function deriveOutput(
  found: ToolMethod,
  checker: ts.TypeChecker,
  schemas: SchemaGenerator,
  fail: (node: ts.Node, message: string) => void,
): { plan: ResultPlan; schema?: JsonSchema } {
  const signature = checker.getSignatureFromDeclaration(found.method);
  const returned = signature ? checker.getAwaitedType(signature.getReturnType()) : undefined;
  if (!returned || returned.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never)) return { plan: "none" };
  if (returned.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { plan: "wrap" };
  const why = whyUnsupported(checker.getNonNullableType(returned), checker);
  const node = found.method.type ?? found.method.name;
  if (why) {
    fail(node, `return type: ${why}`);
    return { plan: "none" };
  }
  let schema: JsonSchema;
  try {
    schema = schemas.forType(returned);
  } catch (error) {
    fail(node, `return type: ${(error as Error).message}`);
    return { plan: "none" };
  }
  // MCP requires an object output schema, so anything else travels as { result: value }.
  if (schema.type === "object") return { plan: "object", schema };
  const { $defs, ...result } = schema;
  return {
    plan: "wrap",
    schema: { type: "object", properties: { result }, required: ["result"], additionalProperties: false, ...($defs ? { $defs } : {}) },
  };
}

function methodDescription(method: ts.MethodDeclaration, checker: ts.TypeChecker): string | undefined {
  const symbol = checker.getSymbolAtLocation(method.name);
  const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() : "";
  // JSDoc wraps lines for the editor, not the reader: keep paragraphs, join wrapped lines.
  return text.replace(/([^\n])\n(?=[^\n])/g, "$1 ") || undefined;
}

function isDate(type: ts.Type): boolean {
  return type.getSymbol()?.getName() === "Date";
}

function className(found: ToolMethod): string {
  return found.klass.name?.text ?? "(anonymous class)";
}
