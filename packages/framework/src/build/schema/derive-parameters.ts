import ts from "./typescript.cjs";
import type { JsonSchema, ParameterPlan, Revival } from "../../definitions/tool-definition.js";
import { isContextParameter } from "./context-type.js";
import { hoistDefs } from "./defs.js";
import { evaluateLiteral } from "./evaluate-literal.js";
import { findRevivals } from "./find-revivals.js";
import type { SchemaGenerator, TypeSchema } from "./schema-generator.js";
import { whyNotStrict } from "./strict-schema.js";
import { whyUnsupported } from "./unsupported-type.js";

/** Reports a problem at a node: `fail` stops the build, `warn` does not. */
export interface Reporter {
  fail(node: ts.Node, message: string): void;
  warn(node: ts.Node, message: string): void;
}

/** A method's parameters as one `arguments` object: its schema, and how to fill each parameter. */
export interface DerivedParameters {
  readonly inputSchema: JsonSchema;
  readonly params: ParameterPlan[];
}

/** Derives the input schema and parameter plan of a tool method; reports what it cannot serve. */
export function deriveParameters(method: ts.MethodDeclaration, checker: ts.TypeChecker, schemas: SchemaGenerator, report: Reporter): DerivedParameters {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const params: ParameterPlan[] = [];
  let wholeArguments: JsonSchema | undefined;
  const defs: Record<string, JsonSchema> = {};
  const convert = (param: ts.ParameterDeclaration, label: string, type: ts.Type, symbol?: ts.Symbol): TypeSchema | undefined => {
    try {
      const converted = schemas.forType(type, { symbol, typeNode: param.type });
      for (const place of converted.untyped) report.warn(param, `${label}: ${place} ${UNTYPED}`);
      for (const property of converted.unreadDocs) report.warn(property, `${label}: property "${ts.getNameOfDeclaration(property)?.getText()}": ${UNREAD_DOC}`);
      return converted;
    } catch (error) {
      report.fail(param, `${label}: ${(error as Error).message}`);
      return undefined;
    }
  };

  // A `this` parameter only types `this`: it is no parameter at run time.
  const parameters = method.parameters.filter((p) => !isThisParameter(p));
  const argumentParameters = parameters.filter((p) => !isContextParameter(p, checker));
  for (const param of parameters) {
    if (isContextParameter(param, checker)) {
      params.push({ from: "context" });
      continue;
    }
    if (param.dotDotDotToken) {
      report.fail(param, `rest parameter "${param.name.getText()}" cannot be a tool argument; take an array instead`);
      continue;
    }
    const type = checker.getTypeAtLocation(param);
    if (!ts.isIdentifier(param.name)) {
      // A destructured object parameter takes the whole arguments object.
      if (argumentParameters.length > 1) {
        report.fail(param, "a destructured parameter must be the method's only parameter besides a `Context`: it stands for all the arguments");
        continue;
      }
      const converted = convert(param, "destructured parameter", checker.getNonNullableType(type));
      if (!converted) continue;
      if (converted.schema.type !== "object") report.fail(param, "a destructured parameter must be an object type");
      const why = whyNotStrict(converted.schema);
      if (why) report.fail(param, `destructured parameter: its schema is not valid strict JSON Schema 2020-12: ${why}`);
      const revive = findRevivals(checker.getNonNullableType(type), checker);
      params.push({ from: "arguments", ...(revive.steps.length ? { revive: revive.steps } : {}), ...reviveDefs(revive.defs) });
      wholeArguments = withBindingDefaults(converted.schema, param.name, checker);
      continue;
    }
    const name = param.name.text;
    const label = `parameter "${name}"`;
    const present = checker.getNonNullableType(type);
    // A bare `void` has no non-nullable part: name it, not the `never` left over.
    const why = whyUnsupported(type.flags & ts.TypeFlags.Void ? type : present, checker);
    if (why) {
      report.fail(param, `${label}: ${why}`);
      continue;
    }
    if ((type.flags | present.flags) & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) report.warn(param, `${label} ${UNTYPED}`);
    const converted = convert(param, label, type, checker.getSymbolAtLocation(param.name));
    if (!converted) continue;
    const initial = param.initializer ? evaluateLiteral(param.initializer, checker) : undefined;
    properties[name] = hoistDefs(defs, initial === undefined ? converted.schema : { ...converted.schema, default: initial });
    if (!checker.isOptionalParameter(param) && !takesUndefined(type)) required.push(name);
    const revive = findRevivals(present, checker);
    params.push({ from: "argument", name, ...toRevive(revive.steps), ...reviveDefs(revive.defs) });
  }

  if (wholeArguments) return { inputSchema: wholeArguments, params };
  const inputSchema: JsonSchema = {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  };
  const why = whyNotStrict(inputSchema);
  if (why) reportNotStrict(method, inputSchema, why, report);
  return { inputSchema, params };
}

// Rare, so only now is each parameter's schema compiled alone, to name the one at fault.
function reportNotStrict(method: ts.MethodDeclaration, inputSchema: JsonSchema, why: string, report: Reporter): void {
  const notStrict = "its schema is not valid strict JSON Schema 2020-12";
  let named = false;
  for (const [name, property] of Object.entries(inputSchema.properties as Record<string, JsonSchema>)) {
    const own = whyNotStrict(inputSchema.$defs ? { ...property, $defs: inputSchema.$defs } : property);
    const param = method.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
    if (!own || !param) continue;
    report.fail(param, `parameter "${name}": ${notStrict}: ${own}`);
    named = true;
  }
  if (!named) report.fail(method.name, `input ${notStrict.replace("its ", "")}: ${why}`);
}

const UNTYPED = "is typed `any` or `unknown`: its schema accepts any JSON value and tells a model nothing; give it a type";
const UNREAD_DOC =
  "its /** */ comment shares a line with the `{` or `;` before it, where TypeScript does not read it as JSDoc, so its description and tags (@minimum, @pattern…) are lost; start the property on a line of its own";

// `x: T | undefined` may be left out just like `x?: T`.
function takesUndefined(type: ts.Type): boolean {
  return type.isUnion() && type.types.some((t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void));
}

/** Whether `param` is a `this` parameter, which types `this` and is erased from the JavaScript. */
export function isThisParameter(param: ts.ParameterDeclaration): boolean {
  return ts.isIdentifier(param.name) && param.name.text === "this";
}

function reviveDefs(defs: Record<string, readonly Revival[]>): { reviveDefs?: Record<string, readonly Revival[]> } {
  return Object.keys(defs).length ? { reviveDefs: defs } : {};
}

// A whole-value Date keeps the short form the plan has always had.
function toRevive(revivals: Revival[]): { revive?: "date" | Revival[] } {
  if (!revivals.length) return {};
  const [only] = revivals;
  return revivals.length === 1 && only?.to === "date" && only.path.length === 0 && !only.only ? { revive: "date" } : { revive: revivals };
}

/** `schema` with the literal defaults of a destructuring pattern (`{ limit = 10 }`) as `default`s, no longer required. */
function withBindingDefaults(schema: JsonSchema, pattern: ts.BindingName, checker: ts.TypeChecker): JsonSchema {
  if (!ts.isObjectBindingPattern(pattern)) return schema;
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  const defaulted = new Set<string>();
  for (const element of pattern.elements) {
    const key = element.propertyName ?? element.name;
    if (!element.initializer || !(ts.isIdentifier(key) || ts.isStringLiteral(key))) continue;
    const value = evaluateLiteral(element.initializer, checker);
    const property = properties[key.text];
    if (value === undefined || !property) continue;
    properties[key.text] = { ...property, default: value };
    defaulted.add(key.text);
  }
  if (!defaulted.size) return schema;
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !defaulted.has(name));
  const { required: _, ...rest } = schema;
  return { ...rest, properties, ...(required.length ? { required } : {}) };
}
