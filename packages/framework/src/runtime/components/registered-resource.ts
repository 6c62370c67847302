import type { CompletionSource } from "../../definitions/completion-definition.js";
import type { GeneratedResource, ResourceOptions } from "../../definitions/resource-definition.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import type { Context, ResourceContents } from "../context.js";
import { ArgumentValidator, loadValidators, validatorsLoaded } from "../validation/argument-validator.js";
import { callMethod } from "../calls/call-method.js";
import { UriTemplate } from "./uri-template.js";
import { resolveCompletions, type CompletionAnswer, type CompletionContext } from "./resolve-completions.js";

/** A resource or resource template as `resources/list` / `resources/templates/list` send it. */
export type WireResource =
  | { uri: string; name: string; title?: string; description?: string; mimeType?: string }
  | { uriTemplate: string; name: string; title?: string; description?: string; mimeType?: string };

/** How a resource template tells the URIs it serves, with their variables. */
export interface UriMatcher {
  match(uri: string): Record<string, string> | undefined;
}

/** One `@resource` method ready to serve: a static URI or a URI template. */
export class RegisteredResource {
  readonly key: string;
  readonly wire: WireResource;
  readonly template: UriMatcher | undefined;
  /** OAuth scopes a caller needs to read it (`@resource({ scopes })`). */
  readonly scopes: readonly string[];
  private readonly validator: ArgumentValidator | undefined;

  constructor(
    uri: string,
    private readonly method: Function,
    readonly instance: object,
    readonly generated: GeneratedResource,
    readonly options: ResourceOptions,
    // A template another server declares, in any RFC 6570 form; an `@resource` URI is level 1.
    template?: UriMatcher,
  ) {
    this.key = uri;
    this.scopes = options.scopes ?? [];
    this.template = template ?? (UriTemplate.isTemplate(uri) ? new UriTemplate(uri) : undefined);
    const details = {
      name: options.name ?? generated.method,
      ...(options.title === undefined ? {} : { title: options.title }),
      ...((options.description ?? generated.description) ? { description: options.description ?? generated.description } : {}),
      ...(options.mimeType === undefined ? {} : { mimeType: options.mimeType }),
    };
    this.wire = this.template ? { uriTemplate: uri, ...details } : { uri, ...details };
    const names = Object.keys(generated.variables);
    this.validator = names.length
      ? new ArgumentValidator({ type: "object", properties: generated.variables, required: names, additionalProperties: false })
      : undefined;
  }

  /** Where completion candidates for `variable` come from. */
  completionSource(variable: string): CompletionSource | undefined {
    return this.options.complete?.[variable];
  }

  /** Completion candidates for `variable` that start with `value`. */
  // `_context` (the other variables' values) is for a template served by another server, which completes with it.
  complete(variable: string, value: string, _context?: CompletionContext): Promise<CompletionAnswer> {
    return resolveCompletions(value, this.completionSource(variable), this.generated.completions?.[variable], this.instance);
  }

  /**
   * Called when a caller subscribes to `uri` (this resource, or one matching this template), before
   * it is told of updates: a resource another server serves subscribes there. Nothing to do here.
   */
  subscribe(_uri: string): Promise<void> {
    return Promise.resolve();
  }

  /** Reads the resource at `uri` (which matched this resource), with `ctx` for a Context parameter. */
  async read(uri: string, variables: Record<string, string>, ctx: Context): Promise<ResourceContents[]> {
    const values = this.toTyped(variables);
    if (this.validator) {
      if (!validatorsLoaded()) await loadValidators();
      const problems = this.validator.check(values);
      if (problems.length) throw new ProtocolError("INVALID_PARAMS", `Invalid resource URI "${uri}":\n${problems.map((p) => `- ${p}`).join("\n")}`);
    }
    const value = await callMethod(this.method, this.instance, this.generated.params, values, ctx, `Reading "${uri}" failed`);
    return [toContents(uri, value, this.options.mimeType)];
  }

  // Template variables arrive as text; the build recorded each one's declared type.
  private toTyped(variables: Record<string, string>): Record<string, unknown> {
    const typed: Record<string, unknown> = {};
    for (const [name, text] of Object.entries(variables)) {
      const schema = this.generated.variables[name] as JsonSchema | undefined;
      typed[name] = convert(text, schema?.type);
    }
    return typed;
  }
}

function convert(text: string, type: unknown): unknown {
  if ((type === "number" || type === "integer") && text.trim() !== "" && !Number.isNaN(Number(text))) return Number(text);
  if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** A method's return value as resource contents: text, base64 bytes, or JSON. */
export function toContents(uri: string, value: unknown, mimeType: string | undefined): ResourceContents {
  if (typeof value === "string") return { uri, mimeType: mimeType ?? "text/plain", text: value };
  if (value instanceof Uint8Array) {
    return { uri, mimeType: mimeType ?? "application/octet-stream", blob: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") };
  }
  return { uri, mimeType: mimeType ?? "application/json", text: JSON.stringify(value) };
}
