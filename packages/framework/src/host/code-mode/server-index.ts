import type { DeclaredServer } from "./tool-declarations.js";

// Words that say what a tool does to a thing, not what the thing is, and words that say nothing.
const SKIP = new Set(
  (
    "a an the of to in on by for from with and or as at into its it is be one every all any each your you their them this that these those new given " +
    "list get set create update delete add remove read write find search make put send move copy show check run call fetch apply change " +
    "ids name names many more most less return returns fail fails error errors mcp tool tools server value values result results cover national using when which what how"
  ).split(" "),
);

/**
 * One line per server for the model's first view of code mode: its namespace and the few words
 * its tools' names and descriptions use most (`crm: customer, record, status`): enough to know
 * where to search, at a few bytes a server, whatever its tool count (which a search does not need).
 */
export function toServerIndex(servers: readonly (DeclaredServer & { readonly namespace: string })[], words = 3): string {
  return servers.map((server) => `${server.namespace}${gist(server, words)}`).join("\n");
}

function gist(server: DeclaredServer & { readonly namespace: string }, words: number): string {
  const counts = new Map<string, number>();
  for (const tool of server.tools) {
    // Each word counts once per tool: a tool that repeats a word does not outweigh the others.
    const seen = new Set(
      `${tool.name} ${tool.description ?? ""}`
        .toLowerCase()
        .split(/[^a-z]+/)
        .map(singular)
        // The namespace says its own name already.
        .filter((word) => word.length > 2 && !SKIP.has(word) && !server.namespace.toLowerCase().startsWith(word)),
    );
    for (const word of seen) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const top = [...counts]
    .filter(([, n]) => n > 1)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, words)
    .map(([word]) => word);
  return top.length ? `: ${top.join(", ")}` : "";
}

// One word for a thing and its plural ("directories" is "directory"); "status", "address" and "bus" stay.
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  return /[^stu]s$/.test(word) ? word.slice(0, -1) : word;
}
