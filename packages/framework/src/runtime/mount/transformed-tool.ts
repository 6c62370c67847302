import type { JsonSchema } from "../../definitions/tool-definition.js";
import { ToolError } from "../../errors/tool-error.js";
import type { Context } from "../context.js";
import { RegisteredTool } from "../components/registered-tool.js";
import type { CallToolResult, WireTool } from "../sdk/sdk.js";
import { toErrorResult } from "../calls/to-call-result.js";
import type { ToolTransform } from "./part-transforms.js";

/**
 * A mounted part's tool as a transform changes it: listed under its new name, description and
 * schema (fixed arguments gone, defaulted ones optional with their default), called by filling in
 * those arguments and calling the part's own tool, which checks them as it always does.
 */
export class TransformedTool extends RegisteredTool {
  private readonly fixed: Record<string, unknown> = {};
  private readonly defaults: Record<string, unknown> = {};

  constructor(
    name: string,
    private readonly inner: RegisteredTool,
    transform: ToolTransform,
  ) {
    const { title, description, annotations } = inner.wire as { title?: string; description?: string; annotations?: object };
    const shown = transform.description ?? description;
    super(
      name,
      () => undefined,
      inner,
      { ...inner.generated, inputSchema: toCallerSchema(inner.generated.inputSchema, transform) },
      {
        ...(title === undefined ? {} : { title }),
        ...(shown === undefined ? {} : { description: shown }),
        ...(annotations === undefined ? {} : { annotations }),
        scopes: [...new Set([...inner.scopes, ...(transform.scopes ?? [])])],
      },
    );
    for (const [argument, change] of Object.entries(transform.arguments ?? {})) {
      if ("value" in change) this.fixed[argument] = change.value;
      else this.defaults[argument] = change.default;
    }
    this.middleware = inner.middleware;
    // A remote tool's `_meta` (its view) stays with it under its new name.
    const { _meta } = inner.wire as { _meta?: WireTool["_meta"] };
    if (_meta) (this as { wire: WireTool }).wire = { ...this.wire, _meta };
  }

  override async call(args: Record<string, unknown> | undefined, context?: () => Context, options?: { asTask?: boolean }): Promise<CallToolResult> {
    const given = args ?? {};
    const refused = Object.keys(this.fixed).filter((argument) => Object.hasOwn(given, argument));
    if (refused.length) {
      const names = refused.map((argument) => `"${argument}"`).join(", ");
      const message = `Invalid arguments for tool "${this.name}":\n- ${names} ${refused.length > 1 ? "are" : "is"} set by this server and may not be given; leave ${refused.length > 1 ? "them" : "it"} out.`;
      return toErrorResult(new ToolError(message, { code: "INVALID_ARGUMENTS" }));
    }
    const result = await this.inner.call({ ...this.defaults, ...given, ...this.fixed }, context, options);
    return this.name === this.inner.name ? result : underOwnName(result, this.inner.name, this.name);
  }
}

/** The schema a caller sees: fixed arguments taken out, defaulted ones optional and carrying their default. */
export function toCallerSchema(schema: JsonSchema, transform: ToolTransform): JsonSchema {
  const changes = Object.entries(transform.arguments ?? {});
  if (changes.length === 0) return schema;
  const properties = { ...((schema as { properties?: Record<string, JsonSchema> }).properties ?? {}) };
  const changed = new Set(changes.map(([argument]) => argument));
  for (const [argument, change] of changes) {
    if ("value" in change) delete properties[argument];
    else properties[argument] = { ...(properties[argument] as object), default: change.default } as JsonSchema;
  }
  const required = ((schema as { required?: string[] }).required ?? []).filter((argument) => !changed.has(argument));
  const { required: _, ...rest } = schema as { required?: string[] };
  return { ...rest, properties, ...(required.length ? { required } : {}) } as JsonSchema;
}

// The part's own tool names itself when it refuses the arguments; the caller knows it by the new name.
function underOwnName(result: CallToolResult, inner: string, name: string): CallToolResult {
  const [first, ...rest] = result.content ?? [];
  const said = `Invalid arguments for tool "${inner}":`;
  if (!result.isError || first?.type !== "text" || !first.text.startsWith(said)) return result;
  return { ...result, content: [{ ...first, text: `Invalid arguments for tool "${name}":${first.text.slice(said.length)}` }, ...rest] };
}
