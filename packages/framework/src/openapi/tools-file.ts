import type { Credential } from "./credentials.js";
import { componentDeclarations } from "./component-declarations.js";
import { asSentence, jsDoc } from "./jsdoc-text.js";
import { toMethodText } from "./method-text.js";
import { toPascalCase, uniqueName } from "./naming.js";
import type { OpenApiDocument, SchemaObject } from "./openapi-document.js";
import type { OperationPlan } from "./operation-plan.js";
import { requestMethods, sharedDeclarations } from "./request-code.js";
import { createTypeContext, isInlineObject, toBodyTypeText, toTypeText, type TypeContext, withoutOpenSignature } from "./schema-to-type.js";

// Names the generated file uses or the code in it reaches: a component called Error or Response
// must not hide the global the shared code throws or reads (it becomes ApiError, ApiResponse).
const GLOBAL_NAMES = [
  "ApiRequest",
  "Context",
  "Int",
  "ToolError",
  ..."Array Boolean Date Error Function Headers JSON Map Number Object Omit Promise Record RegExp Request Response Set String Symbol URL URLSearchParams AbortSignal".split(
    " ",
  ),
];

function typeName(component: string, taken: ReadonlySet<string>): string {
  const name = toPascalCase(component);
  return taken.has(name) ? `Api${name}` : name;
}

/** What the generated file is made of. */
export interface ToolsFileInput {
  readonly document: OpenApiDocument;
  /** Where the spec came from, for the header comment. */
  readonly source: string;
  readonly className: string;
  /** `LIBRARY_API`: the prefix of every environment variable the file reads. */
  readonly envPrefix: string;
  readonly baseUrl: string;
  readonly plans: readonly OperationPlan[];
  readonly credentials: readonly Credential[];
  warn(message: string): void;
}

/**
 * The TypeScript file of one class of `@tool` methods: a header that names the settings, the
 * components the tools use as named types, the options interface, the shared request code once,
 * and one method per operation.
 */
export function toToolsFile(input: ToolsFileInput): string {
  const taken = new Set([input.className, `${input.className}Options`, ...GLOBAL_NAMES]);
  const names = new Map(Object.keys(input.document.components?.schemas ?? {}).map((name) => [name, uniqueName(typeName(name, taken), taken)]));
  const context = createTypeContext(input.document, names, input.warn);
  const inline: string[] = [];
  // Components a result reaches are open to properties the spec does not list, as JSON Schema
  // reads an object without `additionalProperties: false`: an API that adds a field must not
  // fail every call on typemcp's check of results against the output schema.
  const outputRoots = new Set<string>();
  const methods = input.plans.map((plan) => {
    context.direction = "output";
    context.open = true;
    const earlier = new Set(context.referenced);
    context.referenced.clear();
    const result = resultType(plan, context, inline, taken);
    for (const name of context.referenced) outputRoots.add(name);
    for (const name of earlier) context.referenced.add(name);
    context.direction = "input";
    context.open = false;
    return toMethodText(plan, { result, named: namedArguments(plan, context, inline, taken) }, context);
  });
  const declarations = componentDeclarations(context, outputRoots);
  const settings: FileSetting[] = [
    { option: "baseUrl", env: `${input.envPrefix}_BASE_URL`, description: "Where the API is.", fallback: input.baseUrl || undefined },
    ...input.credentials.flatMap((c) => c.settings),
    { option: "timeoutMs", env: `${input.envPrefix}_TIMEOUT_MS`, description: "How long one request may take, in milliseconds.", fallback: "30000" },
  ];
  const title = [input.document.info?.title ?? "The API", input.document.info?.version].filter(Boolean).join(" ");
  return [
    fileHeader(title, input.source, settings),
    // Generated code imports typemcp by its package name, as the author's own code does.
    `import { type Context, ${context.usesInt ? "type Int, " : ""}ToolError, tool } from "typemcp";`,
    "",
    [...declarations, ...inline].join("\n"),
    optionsInterface(`${input.className}Options`, input.className, settings),
    sharedDeclarations(),
    classText(input, title, settings, methods),
  ].join("\n");
}

/** A setting as the file names it: in its header, its options interface and its constructor. */
interface FileSetting {
  readonly option: string;
  readonly env: string;
  readonly description: string;
  readonly fallback?: string | undefined;
}

function fileHeader(title: string, source: string, settings: readonly FileSetting[]): string {
  const width = Math.max(...settings.map((s) => s.env.length)) + 2;
  return [
    `// ${title} as MCP tools, written by \`typemcp openapi\` from ${source}.`,
    "// Running it again overwrites this file: keep your own changes in a subclass (see typemcp's docs/openapi.md).",
    "//",
    "// Settings: each a constructor option, else read from the environment variable:",
    ...settings.map((s) => `//   ${s.env.padEnd(width)}${headerText(s)}`),
  ].join("\n");
}

function optionsInterface(name: string, className: string, settings: readonly FileSetting[]): string {
  const lines = settings.map((s) => {
    const type = s.option === "timeoutMs" ? "number" : "string";
    const fallback = s.fallback ? `, else ${s.fallback}` : "";
    // "| undefined" too, for projects with exactOptionalPropertyTypes: the constructor passes on what it read.
    return `${jsDoc(`${s.description} Default: the ${s.env} environment variable${fallback}.`, [], "  ")}  ${s.option}?: ${type} | undefined;`;
  });
  return `/** How ${className} reaches the API: each setting left out is read from its environment variable. */\nexport interface ${name} {\n${lines.join("\n")}\n}\n`;
}

function classText(input: ToolsFileInput, title: string, settings: readonly FileSetting[], methods: readonly string[]): string {
  const optionsName = `${input.className}Options`;
  const inits = settings.map((s) => {
    const fromEnv = `setting(${JSON.stringify(s.env)})`;
    if (s.option === "baseUrl") return `      baseUrl: options.baseUrl ?? ${fromEnv} ?? ${JSON.stringify(input.baseUrl)},`;
    if (s.option === "timeoutMs") return `      timeoutMs: options.timeoutMs ?? (Number(${fromEnv}) || 30_000),`;
    return `      ${s.option}: options.${s.option} ?? ${fromEnv},`;
  });
  const doc = jsDoc(asSentence(input.document.info?.description?.split(/\n\s*\n/)[0] ?? `Tools for ${title}, one per operation`), [], "");
  // The one class of the generated file: its settings, one method per operation, the shared request code.
  return `${doc}export class ${input.className} {
  protected readonly settings: ${optionsName} & { baseUrl: string; timeoutMs: number };

  constructor(options: ${optionsName} = {}) {
    this.settings = {
${inits.join("\n")}
    };
  }

${methods.join("\n")}
${requestMethods(input.credentials)}}
`;
}

function resultType(plan: OperationPlan, context: TypeContext, inline: string[], taken: Set<string>): string {
  if (plan.answer.kind !== "json") return "string";
  const schema = plan.answer.schema;
  if (isInlineObject(schema)) return namedInline(`${toPascalCase(plan.methodName)}Result`, schema!, context, inline, taken, true);
  return namedIfLong(`${toPascalCase(plan.methodName)}Result`, toTypeText(schema, context), inline, taken);
}

// A type written over several lines (a union of inline objects, an intersection with one) gets a
// name of its own, `export type <Method>Body = …`, so the method's signature stays one line.
function namedIfLong(name: string, text: string, inline: string[], taken: Set<string>): string {
  if (!text.includes("\n")) return text;
  const unique = uniqueName(name, taken);
  inline.push(`export type ${unique} = ${text};\n`);
  return unique;
}

// An argument that is an inline object (a body, a deepObject query parameter) gets an interface
// of its own, `<Method>Body`, so the method's signature stays one line.
function namedArguments(plan: OperationPlan, context: TypeContext, inline: string[], taken: Set<string>): Map<string, string> {
  const named = new Map<string, string>();
  for (const arg of plan.arguments) {
    if (arg.bodyType === "text") continue;
    const name = `${toPascalCase(plan.methodName)}${toPascalCase(arg.name)}`;
    if (isInlineObject(arg.schema)) named.set(arg.name, namedInline(name, arg.schema!, context, inline, taken, false));
    else {
      const text = arg.in === "body" ? toBodyTypeText(arg.schema, context, "") : toTypeText(arg.schema, context);
      if (text.includes("\n")) named.set(arg.name, namedIfLong(name, text, inline, taken));
    }
  }
  return named;
}

// An inline object of a body or result gets a name, so the method's signature stays one line.
function namedInline(name: string, schema: SchemaObject, context: TypeContext, inline: string[], taken: Set<string>, open: boolean): string {
  const unique = uniqueName(name, taken);
  const tags = open && schema.additionalProperties !== false ? ["@additionalProperties true"] : [];
  inline.push(
    `${jsDoc(schema.description ? asSentence(schema.description) : undefined, tags, "")}export interface ${unique} ${withoutOpenSignature(toTypeText(schema, context))}\n`,
  );
  return unique;
}

// A setting's line in the header: what it is, and its default if it has one.
function headerText(setting: { description: string; fallback?: string }): string {
  const text = setting.description.replace(/ \(security scheme[^)]*\)/, "");
  return setting.fallback ? `${text.replace(/\.$/, "")} (default ${setting.fallback}).` : text;
}
