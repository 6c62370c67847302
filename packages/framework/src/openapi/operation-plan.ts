import { asSentence } from "./jsdoc-text.js";
import { toMethodName, toParameterName, toPascalCase, uniqueName } from "./naming.js";
import type { OpenApiDocument, OperationObject, ParameterObject, RequestBodyObject, ResponseObject, SchemaObject } from "./openapi-document.js";
import { resolveRef } from "./resolve-ref.js";

/** One argument of a generated method: where it goes in the request and what it is. */
export interface ArgumentPlan {
  /** The method's parameter name, and so the tool's argument name. */
  readonly name: string;
  /** Its name in the request: the query key, the header, the `{name}` in the path. */
  readonly wireName: string;
  readonly in: "path" | "query" | "header" | "body";
  readonly required: boolean;
  readonly description: string | undefined;
  readonly schema: SchemaObject | undefined;
  /** How the body is sent: JSON, a form (application/x-www-form-urlencoded) or plain text. */
  readonly bodyType?: "json" | "form" | "text";
}

/** Everything a method needs, read from one operation; or why the operation cannot be one. */
export interface OperationPlan {
  readonly methodName: string;
  readonly httpMethod: string;
  readonly path: string;
  readonly description: string;
  readonly deprecated: boolean;
  readonly tags: readonly string[];
  readonly operationId: string | undefined;
  /** Required arguments first (TypeScript wants them so), each group in the spec's order. */
  readonly arguments: readonly ArgumentPlan[];
  /** How the answer is read, and the schema of a JSON one (`resultName` names an inline object). */
  readonly answer: { kind: "json" | "text" | "none"; schema: SchemaObject | undefined; resultName: string };
  /** The security schemes the operation accepts (any of its requirements). */
  readonly auth: readonly string[];
}

// Headers HTTP owns: OpenAPI says a parameter by these names is ignored.
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** The plan of `operation`, or the reason it cannot be generated (said in the summary). */
export function planOperation(
  document: OpenApiDocument,
  httpMethod: string,
  path: string,
  operation: OperationObject,
  shared: ParameterObject[] | undefined,
  methodNames: Set<string>,
): OperationPlan | { skipped: string } {
  const parameters = mergeParameters(document, shared, operation.parameters);
  if ("skipped" in parameters) return parameters;
  const taken = new Set<string>();
  const args: ArgumentPlan[] = [];
  for (const parameter of parameters) {
    if (parameter.in === "cookie") {
      if (parameter.required) return { skipped: `it needs the cookie "${parameter.name}", which generated tools do not send` };
      continue;
    }
    if (parameter.in === "header" && IGNORED_HEADERS.has(parameter.name.toLowerCase())) continue;
    const schema = parameter.schema ?? Object.values(parameter.content ?? {})[0]?.schema;
    args.push({
      name: uniqueName(toParameterName(parameter.name), taken),
      wireName: parameter.name,
      in: parameter.in,
      required: parameter.in === "path" || parameter.required === true,
      description: parameter.description ? asSentence(parameter.description) : undefined,
      schema: parameter.deprecated ? { ...schema, deprecated: true } : schema,
    });
  }
  const body = planBody(document, operation.requestBody, taken);
  if (body && "skipped" in body) return body;
  if (body) args.push(body);
  const methodName = uniqueName(toMethodName(operation.operationId, httpMethod, path), methodNames);
  const security = operation.security ?? document.security ?? [];
  return {
    methodName,
    httpMethod: httpMethod.toUpperCase(),
    path,
    description: describe(operation, httpMethod, path),
    deprecated: operation.deprecated === true,
    tags: operation.tags ?? [],
    operationId: operation.operationId,
    arguments: [...args.filter((a) => a.required), ...args.filter((a) => !a.required)],
    answer: { ...planAnswer(document, operation.responses), resultName: `${toPascalCase(methodName)}Result` },
    auth: [...new Set(security.flatMap((requirement) => Object.keys(requirement)))],
  };
}

// The path item's parameters, overridden by the operation's own of the same name and place.
function mergeParameters(document: OpenApiDocument, shared: ParameterObject[] = [], own: ParameterObject[] = []): ParameterObject[] | { skipped: string } {
  const byKey = new Map<string, ParameterObject>();
  for (const entry of [...shared, ...own]) {
    const parameter = resolveRef(document, entry);
    if (!parameter || typeof parameter.name !== "string") return { skipped: `a parameter ${entry?.$ref ?? ""} cannot be resolved` };
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

function planBody(document: OpenApiDocument, reference: RequestBodyObject | undefined, taken: Set<string>): ArgumentPlan | { skipped: string } | undefined {
  if (reference === undefined) return undefined;
  const body = resolveRef(document, reference);
  if (!body) return { skipped: `its request body ${reference.$ref ?? ""} cannot be resolved` };
  const types = Object.keys(body.content ?? {});
  const json = types.find(isJson);
  const chosen = json ?? types.find((t) => t === "application/x-www-form-urlencoded") ?? types.find((t) => t.startsWith("text/"));
  if (chosen === undefined) {
    if (types.length === 0) return undefined;
    return { skipped: `its request body is ${types.join(" or ")}, which generated tools do not send (JSON, forms and text only)` };
  }
  const schema = body.content?.[chosen]?.schema;
  return {
    name: uniqueName("body", taken),
    wireName: "body",
    in: "body",
    required: body.required === true,
    description: body.description ? asSentence(body.description) : schema?.description ? asSentence(schema.description) : undefined,
    schema: chosen.startsWith("text/") ? { type: "string" } : schema,
    bodyType: chosen === json ? "json" : chosen.startsWith("text/") ? "text" : "form",
  };
}

// The first 2xx answer in status order: JSON when it has a JSON media type, text when another,
// none when it has no content (the tool then answers with the status).
function planAnswer(
  document: OpenApiDocument,
  responses: Record<string, ResponseObject> = {},
): { kind: "json" | "text" | "none"; schema: SchemaObject | undefined } {
  const status = Object.keys(responses)
    .filter((code) => /^2(\d\d|XX)$/i.test(code))
    .sort()[0];
  const response = status === undefined ? undefined : resolveRef(document, responses[status]);
  const types = Object.keys(response?.content ?? {});
  if (types.length === 0) return { kind: "none", schema: undefined };
  const json = types.find(isJson);
  if (json === undefined) return { kind: "text", schema: undefined };
  return { kind: "json", schema: response?.content?.[json]?.schema };
}

function isJson(mediaType: string): boolean {
  return /^application\/([\w.-]+\+)?json(;|$)/i.test(mediaType);
}

// The tool's description, which is what a model reads to choose it: the summary, then the
// description, or failing both the request it sends.
function describe(operation: OperationObject, httpMethod: string, path: string): string {
  const parts = [operation.summary, operation.description].filter((p): p is string => typeof p === "string" && p.trim() !== "").map(asSentence);
  if (parts.length === 2 && parts[1]!.startsWith(parts[0]!.replace(/\.$/, ""))) parts.shift();
  const text = parts.join("\n\n") || `Sends ${httpMethod.toUpperCase()} ${path} to the API.`;
  return operation.deprecated ? `Deprecated: ${text}` : text;
}
