import { commentSafe } from "./jsdoc-text.js";
import { propertyKey } from "../json-schema/property-key.js";
import type { ArgumentPlan, OperationPlan } from "./operation-plan.js";
import { propertyDescription, propertyTags, toBodyTypeText, toTypeText, type TypeContext } from "./schema-to-type.js";

/**
 * The `@tool` method of one operation: its JSDoc (the description a model reads, a `@param` per
 * argument), its parameters typed from their schemas (constraints as inline tags the build turns
 * into schema keywords), and a body that hands the request to the class's one `request` method.
 * `types` are the return type and the names given to inline object arguments, written by the caller.
 */
export function toMethodText(plan: OperationPlan, types: { result: string; named: ReadonlyMap<string, string> }, context: TypeContext): string {
  const resultType = types.result;
  const indent = "  ";
  const params = plan.arguments.map((arg) => parameterText(arg, context, types.named.get(arg.name)));
  const docLines = [...commentSafe(plan.description).split("\n")];
  const described = plan.arguments.filter((arg) => argumentDescription(arg));
  if (described.length) docLines.push("", ...described.map((arg) => `@param ${arg.name} ${argumentDescription(arg)!.replace(/\n+/g, " ")}`));
  const doc = `${indent}/**\n${docLines.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)).join("\n")}\n${indent} */\n`;
  const request = [`method: ${JSON.stringify(plan.httpMethod)}`, `path: ${pathText(plan)}`];
  const group = (place: ArgumentPlan["in"], key: string) => {
    const members = plan.arguments.filter((arg) => arg.in === place);
    if (members.length)
      request.push(`${key}: { ${members.map((arg) => (arg.wireName === arg.name ? arg.name : `${propertyKey(arg.wireName)}: ${arg.name}`)).join(", ")} }`);
  };
  group("query", "query");
  group("header", "headers");
  const body = plan.arguments.find((arg) => arg.in === "body");
  if (body) request.push(body.name === "body" ? "body" : `body: ${body.name}`);
  if (body && body.bodyType !== "json") request.push(`bodyType: ${JSON.stringify(body.bodyType)}`);
  if (plan.auth.length) request.push(`auth: [${plan.auth.map((s) => JSON.stringify(s)).join(", ")}]`);
  request.push(`answer: ${JSON.stringify(plan.answer.kind)}`);
  const signature = `async ${plan.methodName}(${[...params, "ctx?: Context"].join(", ")}): Promise<${resultType}>`;
  return [
    doc,
    `${indent}@tool({ annotations: ${annotationsOf(plan.httpMethod)} })\n`,
    `${indent}${signature} {\n`,
    `${indent}  return this.request<${resultType}>(ctx, { ${request.join(", ")} });\n`,
    `${indent}}\n`,
  ].join("");
}

function parameterText(arg: ArgumentPlan, context: TypeContext, named: string | undefined): string {
  const tags = propertyTags(arg.schema);
  const inline = tags.length ? `/** ${tags.join(" ")} */ ` : "";
  const type = named ?? (arg.in === "body" ? toBodyTypeText(arg.schema, context, "  ") : toTypeText(arg.schema, context, "  "));
  return `${inline}${arg.name}${arg.required ? "" : "?"}: ${type}`;
}

function argumentDescription(arg: ArgumentPlan): string | undefined {
  return arg.description ?? propertyDescription(arg.schema);
}

// `/books/{bookId}` → `/books/${encodeURIComponent(bookId)}`, each path parameter encoded.
function pathText(plan: OperationPlan): string {
  const escaped = plan.path.replace(/[`\\]/g, "\\$&").replace(/\$\{/g, "\\${");
  const filled = escaped.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const arg = plan.arguments.find((a) => a.in === "path" && a.wireName === name);
    return arg ? `\${encodeURIComponent(${arg.name})}` : whole;
  });
  return filled === escaped ? JSON.stringify(plan.path) : `\`${filled}\``;
}

// What a host may do with the tool without asking: a GET only reads; a DELETE destroys; a PUT or
// DELETE sent twice does what it did once. Every tool reaches a world outside the server.
function annotationsOf(method: string): string {
  const hints: string[] = [];
  if (["GET", "HEAD", "OPTIONS", "QUERY"].includes(method)) hints.push("readOnlyHint: true");
  else {
    hints.push(`destructiveHint: ${method === "DELETE"}`);
    if (method === "PUT" || method === "DELETE") hints.push("idempotentHint: true");
  }
  hints.push("openWorldHint: true");
  return `{ ${hints.join(", ")} }`;
}
