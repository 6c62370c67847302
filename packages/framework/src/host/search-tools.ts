import type { ToolSummary } from "./tool-router.js";

/**
 * The tools that best match `query`: each word of it found in a tool's name counts three, in its
 * description one (case-insensitive, `_`, `-`, `.` and spaces alike); the best `limit` of those
 * scoring at least two thirds of the best, ties by name. What `--lazy-tools` and code mode offer instead of listing every tool up front.
 */
export function searchTools<T extends ToolSummary>(tools: readonly T[], query: string, limit: number): T[] {
  // "records" finds "record" too: a plural's s is dropped.
  const words = normalize(query)
    .split(" ")
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word));
  const scored = tools.map((tool) => {
    const name = normalize(tool.name);
    const description = normalize(tool.description);
    const score = words.reduce((sum, word) => sum + (name.includes(word) ? 3 : 0) + (description.includes(word) ? 1 : 0), 0);
    return { tool, score };
  });
  // Far weaker matches than the best are noise the model would pay for.
  const best = Math.max(0, ...scored.map((entry) => entry.score));
  return scored
    .filter((entry) => (entry.score > 0 && entry.score * 3 >= best * 2) || !words.length)
    .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name))
    .slice(0, limit)
    .map((entry) => entry.tool);
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/[_\-.\s]+/g, " ");
}
