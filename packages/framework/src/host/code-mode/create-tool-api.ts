import { callResultText } from "../call-result-text.js";
import { HostError } from "../../errors/host-error.js";
import type { McpCallResult, McpTool } from "../mcp-tool.js";
import { toToolDeclarations } from "./tool-declarations.js";

/** One connected server, as a typed client calls it (a `ServerConnection` fits). */
export interface ToolApiServer {
  readonly name: string;
  readonly tools: readonly McpTool[];
  call(tool: string, args: Record<string, unknown>, options: { signal?: AbortSignal }): Promise<McpCallResult>;
}

/**
 * A typed client for any MCP servers: `api.calc.add({ a: 1, b: 2 })` sends `tools/call` to
 * server "calc" and resolves to the tool's structured content (a tool with an `outputSchema`) or
 * its whole `CallToolResult`. `T` is the module `typemcp types` wrote for the same servers
 * (`import type * as Tools from "./mcp-tools.js"`, then `createToolApi<typeof Tools>(…)`), so a
 * call with wrong arguments fails `tsc`. A tool that answers `isError: true` rejects with a
 * `HostError` (`HOST_TOOL_FAILED`) carrying the result's text.
 *
 * @example
 * ```ts
 * import type * as Tools from "./mcp-tools.js";
 * const calc = await connectServer(spec, { timeoutMs: 30_000, clientName: "my-host", clientVersion: "1.0.0" });
 * const api = createToolApi<typeof Tools>([{ name: "calc", tools: calc.tools, call: calc.call }]);
 * const { result } = await api.calc.add({ a: 2, b: 3 });
 * ```
 */
export function createToolApi<T>(servers: readonly ToolApiServer[], options: { signal?: AbortSignal } = {}): T {
  const api: Record<string, Record<string, (args?: Record<string, unknown>) => Promise<unknown>>> = {};
  const byName = new Map(servers.map((server) => [server.name, server]));
  for (const binding of toToolDeclarations(servers, { style: "module" }).bindings) {
    const server = byName.get(binding.server)!;
    api[binding.namespace] ??= {};
    api[binding.namespace]![binding.method] = async (args = {}) => {
      const result = await server.call(binding.tool, args, { ...(options.signal && { signal: options.signal }) });
      if (result.isError) throw new HostError("HOST_TOOL_FAILED", `${binding.qualifiedName} failed: ${callResultText(result)}`);
      return binding.structured ? result.structuredContent : result;
    };
  }
  return api as T;
}
