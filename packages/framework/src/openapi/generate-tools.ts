import { toCredentials } from "./credentials.js";
import { toConstantCase, toPascalCase, wordsOf } from "./naming.js";
import { HTTP_METHODS, type OpenApiDocument, type OperationObject, type ParameterObject } from "./openapi-document.js";
import { planOperation, type OperationPlan } from "./operation-plan.js";
import { toToolsFile } from "./tools-file.js";

const MANY_TOOLS = 40;

/** Which operations become tools, and what the class is called. */
export interface GenerateOptions {
  /** Where the document came from, named in the file's header. */
  readonly source: string;
  /** The class name (default: the API's title in PascalCase, ending in `Tools`). */
  readonly className?: string;
  /** Only operations with one of these tags (default: all). */
  readonly tags?: readonly string[];
  /** Only these operations, by operationId or method name (default: all). */
  readonly operations?: readonly string[];
  /** Generate deprecated operations too (default: they are skipped). */
  readonly includeDeprecated?: boolean;
}

/** The generated file and what went into it, for the summary the command prints. */
export interface GeneratedTools {
  readonly text: string;
  readonly className: string;
  readonly tools: readonly OperationPlan[];
  readonly skipped: readonly { operation: string; reason: string }[];
  readonly warnings: readonly string[];
  /** The environment variables the class reads. */
  readonly settings: readonly string[];
}

/**
 * Turns an OpenAPI 3.0/3.1 document into TypeScript source: one class whose `@tool` methods are
 * the document's operations (those `options` select), typed from its schemas. Operations it
 * cannot turn into a tool are listed with the reason, never silently dropped.
 */
export function generateTools(document: OpenApiDocument, options: GenerateOptions): GeneratedTools {
  // A title with no Latin letters or digits (Библиотека) names nothing: the class is ApiTools.
  const title = wordsOf(document.info?.title ?? "").length ? document.info!.title!.trim() : "API";
  const className = options.className ?? `${toPascalCase(title).replace(/Tools$/, "")}Tools`;
  const envPrefix = toConstantCase(title);
  const warnings: string[] = [];
  const skipped: { operation: string; reason: string }[] = [];
  // The class's own members: an operation named request becomes request2, not an override.
  const methodNames = new Set(["request", "authorize", "settings", "constructor"]);
  const plans: OperationPlan[] = [];
  const wantedTags = options.tags?.length ? new Set(options.tags) : undefined;
  const wantedOperations = options.operations?.length ? new Set(options.operations) : undefined;
  const found = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (typeof item !== "object" || item === null) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (typeof operation !== "object" || operation === null) continue;
      if (wantedTags && !(operation.tags ?? []).some((tag) => wantedTags.has(tag))) continue;
      const label = `${operation.operationId ?? "(no operationId)"} (${method.toUpperCase()} ${path})`;
      const plan = planOperation(document, method, path, operation, item.parameters as ParameterObject[] | undefined, methodNames);
      if (wantedOperations) {
        const names = [operation.operationId, "methodName" in plan ? plan.methodName : undefined];
        const match = names.find((name) => name !== undefined && wantedOperations.has(name));
        if (match === undefined) {
          if ("methodName" in plan) methodNames.delete(plan.methodName);
          continue;
        }
        found.add(match);
      }
      if ("skipped" in plan) skipped.push({ operation: label, reason: plan.skipped });
      else if (plan.deprecated && !options.includeDeprecated) {
        methodNames.delete(plan.methodName);
        skipped.push({ operation: label, reason: "it is deprecated (--deprecated generates it too)" });
      } else plans.push(plan);
    }
  }
  for (const name of wantedOperations ?? []) if (!found.has(name)) warnings.push(`--operation ${name} matches no operation`);
  // Hosts offer a model a few dozen tools well; beyond that it chooses worse, and each list costs tokens.
  if (plans.length > MANY_TOOLS)
    warnings.push(`${plans.length} tools are more than a model chooses among well: keep the ones it needs with --tag or --operation`);
  const warn = (message: string) => warnings.includes(message) || warnings.push(message);
  const credentials = toCredentials(document, envPrefix, warn);
  const baseUrl = baseUrlOf(document);
  if (!/^https?:\/\//i.test(baseUrl))
    warn(
      `the document names ${baseUrl ? `a relative server URL (${baseUrl})` : "no server URL"}: set ${envPrefix}_BASE_URL (or the baseUrl option) to the API's full URL${baseUrl ? `, ${baseUrl} included` : ""}`,
    );
  const text = toToolsFile({ document, source: options.source, className, envPrefix, baseUrl, plans, credentials, warn });
  const settings = [`${envPrefix}_BASE_URL`, ...credentials.flatMap((c) => c.settings.map((s) => s.env)), `${envPrefix}_TIMEOUT_MS`];
  return { text, className, tools: plans, skipped, warnings, settings };
}

// servers[0].url with its variables at their defaults; a relative one is left for the user to set.
function baseUrlOf(document: OpenApiDocument): string {
  const server = document.servers?.[0];
  let url = server?.url ?? "";
  for (const [name, variable] of Object.entries(server?.variables ?? {})) url = url.replaceAll(`{${name}}`, variable?.default ?? "");
  return url.replace(/\/+$/, "");
}
