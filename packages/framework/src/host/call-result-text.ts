import type { McpCallResult, McpContentBlock } from "./mcp-tool.js";

/**
 * The text of a `tools/call` result: each text block's text, one after another; a line naming
 * any other block (an image, audio, a resource); the structured content as JSON when there are no
 * blocks. What `typemcp call` prints, and what `typemcp chat` hands the model.
 */
export function callResultText(result: McpCallResult): string {
  const blocks = result.content ?? [];
  if (!blocks.length) return result.structuredContent === undefined ? "" : JSON.stringify(result.structuredContent, null, 2);
  return blocks.map(describeBlock).join("\n");
}

function describeBlock(block: McpContentBlock): string {
  if (block.type === "text" && typeof block.text === "string") return block.text;
  const size = typeof block.data === "string" ? `, ${Math.floor((block.data.length * 3) / 4)} bytes` : "";
  if (block.type === "image" || block.type === "audio") return `[${block.type} ${String(block.mimeType ?? "")}${size}]`;
  const resource = block.resource as { uri?: unknown; text?: unknown } | undefined;
  if (block.type === "resource") return typeof resource?.text === "string" ? resource.text : `[resource ${String(resource?.uri ?? "")}]`;
  if (block.type === "resource_link") return `[resource link ${String(block.uri ?? "")}${block.name ? ` (${String(block.name)})` : ""}]`;
  return `[${block.type} block]`;
}
