import { callResultText } from "../host/call-result-text.js";
import type { McpCallResult } from "../host/mcp-tool.js";

/**
 * What `typemcp call` prints for a result: the text of each text block, one after another; a line
 * naming any other block (an image, audio, a resource); and the structured content as JSON when
 * there are no blocks at all.
 */
export function formatCallResult(result: McpCallResult): string {
  return callResultText(result);
}
