/**
 * The separator between a server's name and its tool's: `towns__get_housing`. Two underscores,
 * as Claude Code and others qualify tools, and within the characters every model provider
 * accepts in a tool name.
 */
export const QUALIFIER = "__";

/** `server__tool`. */
export function qualifyName(server: string, tool: string): string {
  return `${server}${QUALIFIER}${tool}`;
}

/**
 * Which of `servers` owns `qualified`, and the tool's own name: the longest server name that,
 * followed by `__`, starts it (a server name may itself contain `__`). Undefined when none does.
 */
export function splitQualifiedName(qualified: string, servers: Iterable<string>): { server: string; tool: string } | undefined {
  let best: string | undefined;
  for (const server of servers) {
    if (qualified.startsWith(qualifyName(server, "")) && qualified.length > server.length + QUALIFIER.length) {
      if (best === undefined || server.length > best.length) best = server;
    }
  }
  return best === undefined ? undefined : { server: best, tool: qualified.slice(best.length + QUALIFIER.length) };
}
