import type { McpCallResult } from "./mcp-tool.js";
import type { ToolResultImage } from "./models/model-adapter.js";

/** The largest image a result hands the model, in base64 characters (5 MB decoded: Anthropic's limit for one image). */
export const MAX_IMAGE_CHARS = Math.ceil((5 * 1024 * 1024 * 4) / 3);

/**
 * The images of a `tools/call` result the model is shown as images, not only named in the text:
 * image blocks with base64 data of an `image/…` type, up to `MAX_IMAGE_CHARS` each; a larger one
 * stays a line of text (`[image image/png, N bytes]`, as `callResultText` writes it).
 */
export function toolResultImages(result: McpCallResult | undefined): ToolResultImage[] {
  return (result?.content ?? []).flatMap((block) =>
    block.type === "image" &&
    typeof block.data === "string" &&
    typeof block.mimeType === "string" &&
    block.mimeType.startsWith("image/") &&
    block.data.length <= MAX_IMAGE_CHARS
      ? [{ mimeType: block.mimeType, data: block.data }]
      : [],
  );
}
