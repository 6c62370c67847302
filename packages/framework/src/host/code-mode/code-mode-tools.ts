import { firstSentence } from "../first-sentence.js";
import type { McpTool } from "../mcp-tool.js";
import { searchTools } from "../search-tools.js";
import { DISCOVERY_DECLARATIONS, type DiscoveryRequest } from "./discovery-declarations.js";
import { toServerIndex } from "./server-index.js";
import { UsedDiscovery } from "./used-discovery.js";
import { type DeclaredServer, type ToolBinding, toIdentifier, toToolDeclarations } from "./tool-declarations.js";

/** A tool a server has that the program is not given, and why (the host's policy). */
export interface HiddenTool {
  readonly server: string;
  readonly tool: string;
  readonly reason: string;
}

/** The name of code mode's one tool; it has no `__`, so no qualified name can take it. */
export const CODE_TOOL_NAMES = { run: "run_program" } as const;

/**
 * What code mode knows about the servers it presents as code: the declarations, the bindings
 * from each declared function back to its tool, what a program's `codemode.search` and
 * `codemode.describe` answer, and the one tool the model gets instead of every tool's schema.
 */
export class CodeModeCatalog {
  readonly bindings: readonly ToolBinding[];
  private readonly tools = new Map<string, McpTool>();
  /** The programs that only found tools, which requests leave out once a later program ran (lost, so kept in view, when the tools change). */
  readonly used = new UsedDiscovery(CODE_TOOL_NAMES.run);
  private toldResultType = false;
  // Whether a program has searched or described the tools: the description's index has done its work.
  private found = false;

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

  /** What a program is checked against: global declarations of every tool, and of `codemode`. */
  programDeclarations(): string {
    return `${this.declarations().text}\n${DISCOVERY_DECLARATIONS}`;
  }

  /** What a program's `codemode.search` or `codemode.describe` call answers. */
  discover(request: DiscoveryRequest): string {
    this.found = true;
    if (request.op === "search") return this.search(request.query, request.limit, request.outputs);
    // "codemode" describes the discovery global itself: keep and show are told there, not in every request.
    const names = request.names.filter((name) => name !== "codemode");
    const own = names.length < request.names.length ? DISCOVERY_DECLARATIONS : "";
    const { text, unknown } = names.length ? this.declarations(names) : { text: "", unknown: [] };
    const namespaces = Object.keys(this.namespaces()).join(", ");
    if (!request.names.length) return `Name tools ("ns.fn"), namespaces ("ns") or "codemode": ${namespaces}.`;
    return `${own}${text}${unknown.length ? `// Not found: ${unknown.join(", ")}. Namespaces: ${namespaces}.\n` : ""}`;
  }

  /** Global declarations of every tool or of those `names` pick. */
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
   * than every schema. Objects nested in a result read `{…}` unless `outputs` is true; the
   * description usually names their fields, and `codemode.describe` has them whole.
   */
  search(query: string, limit = 4, outputs = false): string {
    const entries = this.bindings.map((b) => ({
      name: `${b.namespace}.${b.method}`,
      description: this.tools.get(`${b.server}\u0000${b.tool}`)?.description ?? "",
      binding: b,
    }));
    const found = searchTools(entries, query, limit);
    if (!found.length) return `No tool matches "${query}". Namespaces:\n${this.index()}`;
    const lines = found.map((entry) => `${this.signature(entry.binding, outputs)} // ${firstSentence(entry.description)}`);
    // What a tool without an output schema resolves to, said once: the model has not seen the declarations.
    if (!this.toldResultType && lines.some((line) => line.includes("Promise<CallToolResult>"))) {
      this.toldResultType = true;
      lines.push(`type CallToolResult = ${RESULT_TYPE}`);
    }
    return lines.join("\n");
  }

  // `ns.fn(args: {…}): Promise<…>` on one line, without JSDoc.
  private signature(binding: ToolBinding, outputs: boolean): string {
    const text = toToolDeclarations(this.servers, { style: "global", only: new Set([binding.qualifiedName]) }).text;
    const declared = text.slice(text.indexOf(`function ${binding.method}(`));
    const oneLine = declared
      .slice(0, declared.indexOf(";\n}") + 1)
      .replace(/\/\*\*[\s\S]*?\*\//g, "")
      .replace(/\s*\n\s*/g, " ")
      .replace(/\{ /g, "{")
      .replace(/; \}/g, "}");
    // `args: ` says nothing a call needs: `crm.get_record({id: number})`; `crm.list_records()` takes nothing.
    const call = oneLine
      .slice("function ".length)
      .replace(/;$/, "")
      .replace(/^(\w+)\(args: /, "$1(")
      .replace(/^(\w+)\(args\?: \{\}\)/, "$1()");
    const signature = `${binding.namespace}.${call}`;
    if (outputs) return signature;
    const result = signature.lastIndexOf("): Promise<");
    return signature.slice(0, result) + collapseNested(signature.slice(result));
  }

  /**
   * Code mode's one tool, as an MCP tool (the session writes it in the provider's format). Its
   * description indexes the servers until a program has searched or described the tools; from
   * then on it is a few words, as the model finds tools by searching (a search that matches
   * nothing answers the index).
   */
  definitions(): McpTool[] {
    // Sent with every request: every word here is paid for again and again.
    const description = this.found
      ? "Runs TypeScript; returns its logs. Tools: codemode.search('what it does'), codemode.describe('ns.fn' or 'codemode')."
      : `Runs TypeScript (no network, files, imports); returns its logs. Async tool functions by namespace:\n${this.index()}\nPrint await codemode.search('what it does', { limit }) for signatures, codemode.describe('ns.fn') for types; keep, show: describe('codemode'). Failed calls throw.`;
    return [
      {
        name: CODE_TOOL_NAMES.run,
        description,
        inputSchema: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
      },
    ];
  }

  /** One line per namespace: its tool count and the words its tools use most (the model's first view of the tools). */
  index(): string {
    const namespaces = new Map<string, { name: string; namespace: string; tools: McpTool[] }>();
    for (const b of this.bindings) {
      const entry = namespaces.get(b.namespace) ?? { name: b.server, namespace: b.namespace, tools: [] };
      entry.tools.push(this.tools.get(`${b.server}\u0000${b.tool}`)!);
      namespaces.set(b.namespace, entry);
    }
    return toServerIndex([...namespaces.values()], 2);
  }
}

/** `CallToolResult` on one line, as a search answer first using it explains it. */
const RESULT_TYPE = "{content: {type: string; text?: string}[]; isError?: boolean}";

/** Past this many characters a result type shows its first level's property names only. */
const LONG_RESULT = 100;

// What a result type shows in a search: objects nested in it as `{…}` (`{records: {id: number; …}[]}`
// → `{records: {…}[]}`), and, when that is still long, its properties' names without their types
// (`{id; name; email}`, which TypeScript reads too).
function collapseNested(type: string): string {
  let out = "";
  let depth = 0;
  for (const char of type) {
    if (char === "{" && ++depth === 2) out += "{…";
    if (depth < 2) out += char;
    if (char === "}" && depth-- === 2) out += "}";
  }
  return out.length > LONG_RESULT ? out.replace(/: [^;{}]*(?:\{…\}[^;{}]*)*(?=[;}])/g, "") : out;
}
