import { firstSentence } from "../host/first-sentence.js";
import type { McpTool } from "../host/mcp-tool.js";

/** One row of `typemcp list`. */
export interface ToolRow {
  readonly qualifiedName: string;
  readonly server: string;
  readonly tool: McpTool;
}

// Past this, the arguments column ends in "+N more" so one long signature cannot push every
// description off the screen; `--json` has them all.
const MAX_ARGUMENTS_WIDTH = 40;

/**
 * The `typemcp list` table: qualified name, arguments (required first, optional ones marked `?`)
 * and the first sentence of the description, in aligned columns, one tool a line. With `width`
 * (a terminal's), each line is cut to fit.
 */
export function formatToolTable(rows: readonly ToolRow[], width?: number): string {
  const cells = rows.map((row) => [row.qualifiedName, argumentsOf(row.tool), firstSentence(row.tool.description ?? row.tool.title)]);
  const all = [["TOOL", "ARGUMENTS", "DESCRIPTION"], ...cells];
  const widths = [0, 1].map((column) => Math.max(...all.map((line) => line[column]!.length)));
  return all
    .map((line) => [line[0]!.padEnd(widths[0]!), line[1]!.padEnd(widths[1]!), line[2]!].join("  ").trimEnd())
    .map((line) => (width !== undefined && line.length > width ? `${line.slice(0, Math.max(width - 1, 0))}…` : line))
    .join("\n");
}

/** `a, b, c?`: the schema's properties, required ones first, shortened to `a, b, +3 more` past 40 characters. */
export function argumentsOf(tool: McpTool): string {
  const properties = Object.keys((tool.inputSchema.properties as object | undefined) ?? {});
  const required = new Set(Array.isArray(tool.inputSchema.required) ? (tool.inputSchema.required as string[]) : []);
  const names = [...properties.filter((p) => required.has(p)), ...properties.filter((p) => !required.has(p)).map((p) => `${p}?`)];
  if (!names.length) return "-";
  for (let shown = names.length; shown > 0; shown--) {
    const text = names.slice(0, shown).join(", ") + (shown < names.length ? `, +${names.length - shown} more` : "");
    if (text.length <= MAX_ARGUMENTS_WIDTH) return text;
  }
  return `${names[0]}, +${names.length - 1} more`;
}
