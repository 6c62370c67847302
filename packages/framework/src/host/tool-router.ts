import { firstSentence } from "./first-sentence.js";
import { HostError } from "../errors/host-error.js";
import type { McpCallResult, McpTool, ToolCaller } from "./mcp-tool.js";
import { normalizeSchemaForProvider, type Provider } from "./normalize-schema-for-provider.js";
import { toProviderToolNames } from "./provider-tool-name.js";
import { qualifyName } from "./qualified-name.js";
import { stripAddedNulls } from "./strip-added-nulls.js";
import { toProviderTool, type ProviderTools } from "./to-provider-tool.js";
import { checkToolPolicy, type ToolPolicy } from "./tool-policy.js";

/** One server's tools, as a router sees them. */
export interface RouterServer {
  /** The name its tools are qualified with: `name__tool`. */
  readonly name: string;
  readonly tools: readonly McpTool[];
  /** Sends `tools/call` to it (an SDK `Client` will do); needed only by `call()`. */
  readonly caller?: ToolCaller;
}

/** How a router presents tools and which calls it lets through. */
export interface ToolRouterOptions<P extends Provider> {
  provider: P;
  /** OpenAI strict mode where possible (default true); see `toOpenAIChatTool`. */
  strict?: boolean;
  /** Tools the policy refuses are neither offered nor called. */
  policy?: ToolPolicy;
  /** Asked before every `call()`; answering false refuses the call (HostError HOST_CALL_REFUSED). */
  approve?: (call: RoutedCall, tool: McpTool) => boolean | Promise<boolean>;
}

/** A tool's name and the first sentence of its description: what names-first mode sends, and what a tool search reads. */
export interface ToolSummary {
  name: string;
  description: string;
}

/** A provider's tool call mapped back to MCP: which server, which tool, what arguments. */
export interface RoutedCall {
  server: string;
  /** The tool's own name on its server. */
  tool: string;
  /** `server__tool`. */
  qualifiedName: string;
  arguments: Record<string, unknown>;
}

interface Entry {
  readonly server: RouterServer;
  readonly tool: McpTool;
  readonly qualifiedName: string;
  readonly providerName: string;
}

/**
 * The tools of several servers under one namespace for one provider: their definitions in the
 * provider's format (all at once, or names and descriptions first and each definition when the
 * model picks it), and each tool call the model makes routed back to `tools/call` on the server
 * that owns the tool.
 *
 * @example
 * ```ts
 * const router = new ToolRouter([{ name: "calc", tools: (await client.listTools()).tools, caller: client }], { provider: "anthropic" });
 * const response = await anthropic.messages.create({ model, max_tokens: 1024, messages, tools: router.tools() });
 * for (const block of response.content) if (block.type === "tool_use") results.push(await router.call(block.name, block.input));
 * ```
 */
export class ToolRouter<P extends Provider = Provider> {
  private readonly entries = new Map<string, Entry>();
  private readonly definitions = new Map<string, ProviderTools[P]>();

  constructor(
    servers: readonly RouterServer[],
    private readonly options: ToolRouterOptions<P>,
  ) {
    const offered = servers.flatMap((server) =>
      server.tools
        .map((tool) => ({ server, tool, qualifiedName: qualifyName(server.name, tool.name) }))
        .filter((entry) => options.policy === undefined || checkToolPolicy(entry.qualifiedName, options.policy) === undefined),
    );
    const names = toProviderToolNames(offered.map((entry) => entry.qualifiedName));
    for (const entry of offered) {
      const providerName = names.get(entry.qualifiedName)!;
      if (this.entries.has(providerName)) throw new HostError("HOST_USAGE", `Two servers offer "${entry.qualifiedName}"; give them different names.`);
      this.entries.set(providerName, { ...entry, providerName });
    }
  }

  /** Every tool's full definition in the provider's format. */
  tools(): ProviderTools[P][] {
    return [...this.entries.keys()].map((name) => this.definition(name));
  }

  /** Every tool the router offers: its provider name, qualified name, server and MCP definition. */
  list(): Array<{ name: string; qualifiedName: string; server: string; tool: McpTool }> {
    return [...this.entries.values()].map((entry) => ({
      name: entry.providerName,
      qualifiedName: entry.qualifiedName,
      server: entry.server.name,
      tool: entry.tool,
    }));
  }

  /** Names-first mode: each tool's provider name and the first sentence of its description. */
  summaries(): ToolSummary[] {
    return [...this.entries.values()].map((entry) => ({ name: entry.providerName, description: firstSentence(entry.tool.description ?? entry.tool.title) }));
  }

  /** The full definition of one tool, by provider name or qualified name, built on first request. */
  definition(name: string): ProviderTools[P] {
    const entry = this.entry(name);
    let definition = this.definitions.get(entry.providerName);
    if (!definition) {
      definition = toProviderTool(this.options.provider, entry.tool, { name: entry.providerName, ...this.strictOption() });
      this.definitions.set(entry.providerName, definition);
    }
    return definition;
  }

  /**
   * Maps a tool call from the model (its name, and its arguments as an object or a JSON string)
   * back to the owning server's tool, dropping the nulls strict mode made the model send for
   * optional properties.
   */
  resolve(name: string, args: unknown): RoutedCall {
    const entry = this.entry(name);
    let parsed = parseArguments(entry.qualifiedName, args);
    if (this.options.provider !== "anthropic" && this.isStrict(entry)) {
      const { loose } = normalizeSchemaForProvider(entry.tool.inputSchema, this.options.provider, this.strictOption());
      parsed = stripAddedNulls(parsed, loose) as Record<string, unknown>;
    }
    return { server: entry.server.name, tool: entry.tool.name, qualifiedName: entry.qualifiedName, arguments: parsed };
  }

  /** Resolves the call, asks `approve`, and sends `tools/call` to the owning server. */
  async call(name: string, args: unknown): Promise<McpCallResult> {
    const routed = this.resolve(name, args);
    const entry = this.entry(name);
    if (!entry.server.caller) throw new HostError("HOST_USAGE", `The router has no caller for server "${routed.server}".`);
    if (this.options.approve && !(await this.options.approve(routed, entry.tool))) {
      throw new HostError("HOST_CALL_REFUSED", `The call to ${routed.qualifiedName} was not approved.`);
    }
    return (await entry.server.caller.callTool({ name: routed.tool, arguments: routed.arguments })) as McpCallResult;
  }

  private entry(name: string): Entry {
    const entry = this.entries.get(name) ?? [...this.entries.values()].find((e) => e.qualifiedName === name);
    if (entry) return entry;
    const known = [...this.entries.keys()].join(", ") || "none";
    throw new HostError("HOST_TOOL_NOT_FOUND", `No tool named "${name}". Tools: ${known}.`);
  }

  private isStrict(entry: Entry): boolean {
    const definition = this.definition(entry.providerName) as { strict?: boolean; function?: { strict?: boolean } };
    return (definition.strict ?? definition.function?.strict) === true;
  }

  private strictOption(): { strict?: boolean } {
    return this.options.strict === undefined ? {} : { strict: this.options.strict };
  }
}

function parseArguments(qualifiedName: string, args: unknown): Record<string, unknown> {
  let value = args;
  if (typeof args === "string") {
    try {
      value = args.trim() === "" ? {} : JSON.parse(args);
    } catch (error) {
      throw new HostError("HOST_ARGUMENT_INVALID", `The arguments for ${qualifiedName} are not JSON: ${(error as Error).message}`, { cause: error });
    }
  }
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw new HostError("HOST_ARGUMENT_INVALID", `The arguments for ${qualifiedName} must be a JSON object.`);
  return value as Record<string, unknown>;
}
