/**
 * The host side's view of MCP, in plain types: what `tools/list` returns for one tool and what
 * `tools/call` answers. The SDK's own `Tool` and `Client` fit these shapes, so a host may pass
 * them in directly.
 */
import type { JsonSchema, ToolAnnotations } from "../definitions/tool-definition.js";

/** One progress notification (`notifications/progress`) a server sent for a request, as it sent it. */
export interface Progress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** One tool as a server lists it in `tools/list`. */
export interface McpTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
}

/** One block of a `tools/call` result: text, image, audio, a resource or a link to one. */
export interface McpContentBlock {
  readonly type: string;
  readonly text?: string;
  readonly [field: string]: unknown;
}

/** What a server answers to `tools/call`. */
export interface McpCallResult {
  readonly content?: readonly McpContentBlock[];
  readonly structuredContent?: { readonly [key: string]: unknown };
  readonly isError?: boolean;
  readonly [field: string]: unknown;
}

/** Anything that can send `tools/call` to one server; the SDK's `Client` is one. */
export interface ToolCaller {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
}
