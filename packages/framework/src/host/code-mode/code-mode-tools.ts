import { firstSentence } from "../first-sentence.js";
import type { McpTool } from "../mcp-tool.js";
import { searchTools } from "../search-tools.js";
import { type DeclaredServer, type ToolBinding, toIdentifier, toToolDeclarations } from "./tool-declarations.js";

/** A tool a server has that the program is not given, and why (the host's policy). */
export interface HiddenTool {
  readonly server: string;
  readonly tool: string;
  readonly reason: string;
}

/** The names of code mode's three tools; none has `__`, so no qualified name can take one. */
export const CODE_TOOL_NAMES = { search: "search_tools", declarations: "get_declarations", run: "run_program" } as const;

/**
 * What code mode knows about the servers it presents as code: the declarations, the bindings
 * from each declared function back to its tool, and the three tools the model gets instead of
 * every tool's schema.
 */
export class CodeModeCatalog {
  readonly bindings: readonly ToolBinding[];
  private readonly tools = new Map<string, McpTool>();

  constructor(
    private readonly servers: readonly DeclaredServer[],
    /** Tools of these servers left out of the program's globals, so a type error can say why they are missing. */
    private readonly hidden: readonly HiddenTool[] = [],
  ) {
    this.bindings = toToolDeclarations(servers, { style: "global" }).bindings;
    for (const server of servers) for (const tool of server.tools) this.tools.set(`${server.name}\u0000${tool.name}`, tool);
  }

  /**
   * namespace → method → qualified name: the globals a program gets. On objects without a
   * prototype: a name a server chose (`constructor`, `__proto__`) is a key like any other, never
   * a way to reach or replace what every object inherits.
   */
  namespaces(): Record<string, Record<string, string>> {
    const namespaces: Record<string, Record<string, string>> = Object.create(null);
    for (const b of this.bindings) (namespaces[b.namespace] ??= Object.create(null) as Record<string, string>)[b.method] = b.qualifiedName;
    return namespaces;
  }

  /** The binding of a qualified name. */
  binding(qualifiedName: string): ToolBinding | undefined {
    return this.bindings.find((b) => b.qualifiedName === qualifiedName);
  }

  /** Global declarations of every tool (what the program is checked against) or of those `names` pick. */
  declarations(names?: readonly string[]): { text: string; unknown: string[] } {
    if (!names?.length) return { text: toToolDeclarations(this.servers, { style: "global" }).text, unknown: [] };
    const only = new Set<string>();
    const unknown: string[] = [];
    for (const name of names) {
      const picked = this.bindings.filter((b) => name === b.namespace || name === `${b.namespace}.${b.method}` || name === b.qualifiedName);
      if (!picked.length) unknown.push(name);
      for (const b of picked) only.add(b.qualifiedName);
    }
    return { text: only.size ? toToolDeclarations(this.servers, { style: "global", only }).text : "", unknown };
  }

  /**
   * `message` (a type error of a program) with a line for each name it says does not exist that
   * is a tool the host hides: without it, the model reads `Property 'write_file' does not exist`
   * and never learns the tool is there but refused.
   */
  explainMissing(message: string): string {
    const notes = new Set<string>();
    const namespaceOf = (server: string) => this.bindings.find((b) => b.server === server)?.namespace ?? toIdentifier(server);
    for (const [, property, namespace] of message.matchAll(/Property '([^']+)' does not exist on type 'typeof ([^']+)'/g)) {
      const hidden = this.hidden.find((h) => namespaceOf(h.server) === namespace && toIdentifier(h.tool) === property);
      if (hidden) notes.add(`${namespace}.${property} exists, but the host does not offer it: ${hidden.reason}. Do not try it again.`);
    }
    for (const [, name] of message.matchAll(/Cannot find name '([^']+)'/g)) {
      const hidden = this.hidden.filter((h) => namespaceOf(h.server) === name);
      if (hidden.length) notes.add(`${name} is a server whose tools the host does not offer: ${hidden[0]!.reason}. Do not try them again.`);
    }
    return notes.size ? `${message}\n${[...notes].join("\n")}` : message;
  }

  /**
   * The tools matching `query`, best first, each as its signature on one line (types without
   * their docs) and its description's first sentence: often all a program needs, and far less
   * than every schema. `get_declarations` has the docs.
   */
  search(query: string, limit = 4): string {
    const entries = this.bindings.map((b) => ({
      name: `${b.namespace}.${b.method}`,
      description: this.tools.get(`${b.server}\u0000${b.tool}`)?.description ?? "",
      binding: b,
    }));
    const found = searchTools(entries, query, limit);
    if (!found.length) return `No tool matches "${query}". Namespaces: ${this.namespaceList()}.`;
    return found.map((entry) => `${this.signature(entry.binding)} // ${firstSentence(entry.description)}`).join("\n");
  }

  // `ns.fn(args: {…}): Promise<…>` on one line, without JSDoc.
  private signature(binding: ToolBinding): string {
    const text = toToolDeclarations(this.servers, { style: "global", only: new Set([binding.qualifiedName]) }).text;
    const declared = text.slice(text.indexOf(`function ${binding.method}(`));
    const oneLine = declared
      .slice(0, declared.indexOf(";\n}") + 1)
      .replace(/\/\*\*[\s\S]*?\*\//g, "")
      .replace(/\s*\n\s*/g, " ")
      .replace(/\{ /g, "{")
      .replace(/; \}/g, "}");
    return `${binding.namespace}.${oneLine.slice("function ".length).replace(/;$/, "")}`;
  }

  /** The three tools, as MCP tools (the session writes them in the provider's format). */
  definitions(): McpTool[] {
    // Sent with every request: every word here is paid for again and again.
    return [
      {
        name: CODE_TOOL_NAMES.search,
        description: "Find tools by what they do: signatures, best first.",
        inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
        annotations: { readOnlyHint: true },
      },
      {
        name: CODE_TOOL_NAMES.declarations,
        description: 'Full TypeScript declarations of tools ("ns.fn") or namespaces ("ns").',
        inputSchema: { type: "object", properties: { names: { type: "array", items: { type: "string" } } }, required: ["names"] },
        annotations: { readOnlyHint: true },
      },
      {
        name: CODE_TOOL_NAMES.run,
        description: `Run TypeScript without network or files. Tools are async functions: await ns.fn({...}) (${this.namespaceList()}). Only console.log output returns. No imports; failed calls throw.`,
        inputSchema: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
      },
    ];
  }

  private namespaceList(): string {
    const counts = new Map<string, number>();
    for (const b of this.bindings) counts.set(b.namespace, (counts.get(b.namespace) ?? 0) + 1);
    return [...counts].map(([namespace, n]) => `${namespace} ${n}`).join(", ");
  }
}
