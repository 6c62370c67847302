import type { McpCallResult, McpContentBlock } from "../host/mcp-tool.js";

/**
 * What `typemcp call` prints for a result: the text of each text block, one after another; a
 * line naming any other block (an image, audio, a resource); and the structured content as JSON
 * when there are no blocks at all.
 */
export function formatCallResult(result: McpCallResult): string {
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
