import type { McpTool } from "./mcp-tool.js";
import { normalizeSchemaForProvider } from "./normalize-schema-for-provider.js";
import { toProviderToolName } from "./provider-tool-name.js";

/** A function declaration for Gemini's `tools: [{ functionDeclarations: [...] }]`. */
export interface GeminiFunctionDeclaration {
  /** Gemini takes `^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$`: a qualified name does when its server's name starts with a letter. */
  name: string;
  description?: string;
  /** OpenAPI 3.0 subset; left out when the tool takes no arguments (an empty OBJECT is refused). */
  parameters?: { type: "OBJECT"; [keyword: string]: unknown };
}

/**
 * An MCP tool as a Gemini function declaration, its schema normalized for the providers and then
 * rewritten into the OpenAPI 3.0 subset Gemini takes (see `toGeminiSchema`).
 *
 * @example
 * ```ts
 * const functionDeclarations = (await client.listTools()).tools.map((t) => toGeminiTool(t));
 * await ai.models.generateContent({ model, contents, config: { tools: [{ functionDeclarations }] } });
 * ```
 */
export function toGeminiTool(tool: McpTool, options: { name?: string } = {}): GeminiFunctionDeclaration {
  const { schema } = normalizeSchemaForProvider(tool.inputSchema, "gemini");
  const description = tool.description ?? tool.title;
  const properties = schema.properties as Record<string, unknown> | undefined;
  return {
    name: options.name ?? toProviderToolName(tool.name),
    ...(description === undefined ? {} : { description }),
    ...(properties && Object.keys(properties).length ? { parameters: schema as GeminiFunctionDeclaration["parameters"] & object } : {}),
  };
}
