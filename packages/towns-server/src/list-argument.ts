/**
 * A prompt argument that holds a list as text, since MCP passes prompt arguments as strings:
 * "Winchester, Arlington and Lexington" → ["Winchester", "Arlington", "Lexington"]. Commas,
 * semicolons, line breaks, "and" and "&" separate items; empty items are dropped.
 */
export function splitList(text: string): string[] {
  return text
    .split(/[,;\n]|\s+(?:and|&)\s+/i)
    .map((item) => item.replace(/^\s*(?:and|&)\s+/i, "").trim())
    .filter((item) => item !== "");
}

/**
 * Completion for a comma-separated list argument: the item being typed (after the last comma) is
 * completed by `candidatesFor`, and each answer is the whole value, the items before it kept.
 *
 * @example
 * completeLastItem("Winchester, Arl", () => ["Arlington"]) // ["Winchester, Arlington"]
 */
export function completeLastItem(typed: string, candidatesFor: (item: string, earlier: readonly string[]) => readonly string[]): string[] {
  const cut = typed.lastIndexOf(",");
  const earlier = cut === -1 ? [] : splitList(typed.slice(0, cut));
  const lead = cut === -1 ? "" : `${typed.slice(0, cut).trimEnd()}, `;
  return candidatesFor(typed.slice(cut + 1).trimStart(), earlier).map((candidate) => lead + candidate);
}
