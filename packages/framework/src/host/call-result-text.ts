import type { McpCallResult, McpContentBlock } from "./mcp-tool.js";
import { base64Bytes } from "./tool-result-media.js";

/**
 * The text of a `tools/call` result: each text block's text, one after another; a line naming
 * any other block (an image, audio, a resource's blob) with its size, an embedded resource's text
 * under a line naming its URI, a resource link with its URI, name, type and description, so the
 * model can act on it; the structured content as JSON when there are no blocks. What
 * `typemcp call` prints, and what `typemcp chat` hands the model.
 */
export function callResultText(result: McpCallResult): string {
  const blocks = result.content ?? [];
  if (!blocks.length) return result.structuredContent === undefined ? "" : JSON.stringify(result.structuredContent, null, 2);
  return blocks.map(describeBlock).join("\n");
}

function describeBlock(block: McpContentBlock): string {
  if (block.type === "text" && typeof block.text === "string") return block.text;
  const size = typeof block.data === "string" ? `, ${base64Bytes(block.data)} bytes` : "";
  if (block.type === "image" || block.type === "audio") return `[${block.type} ${String(block.mimeType ?? "")}${size}]`;
  if (block.type === "resource") {
    const resource = (block.resource ?? {}) as { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown };
    const about = [resource.mimeType, typeof resource.blob === "string" ? `${base64Bytes(resource.blob)} bytes` : undefined].filter(
      (part) => typeof part === "string",
    );
    const head = `[resource ${String(resource.uri ?? "")}${about.length ? ` (${about.join(", ")})` : ""}]`;
    return typeof resource.text === "string" ? `${head}\n${resource.text}` : head;
  }
  if (block.type === "resource_link") {
    const about = [block.title ?? block.name, block.mimeType].filter((part) => typeof part === "string" && part);
    const description = typeof block.description === "string" && block.description ? `: ${block.description.split("\n")[0]}` : "";
    return `[resource link ${String(block.uri ?? "")}${about.length ? ` (${about.join(", ")})` : ""}${description}]`;
  }
  return `[${block.type} block]`;
}
