import type { McpTool } from "../mcp-tool.js";
import { qualifyName } from "../qualified-name.js";
import { jsDoc, schemaToType } from "./schema-to-type.js";

/** One server's tools, as declarations are written for them. */
export interface DeclaredServer {
  /** The name its tools are qualified with; its namespace is this name made an identifier. */
  readonly name: string;
  readonly tools: readonly McpTool[];
}

/** Where one tool sits in the declarations: `namespace.method(args)` calls `server`'s `tool`. */
export interface ToolBinding {
  readonly namespace: string;
  readonly method: string;
  readonly server: string;
  readonly tool: string;
  /** `server__tool`. */
  readonly qualifiedName: string;
  /** Whether the tool declares an `outputSchema`: its structured content is the result, else the whole `CallToolResult`. */
  readonly structured: boolean;
}

/** Declarations for a set of servers, and how each declared function maps back to its tool. */
export interface ToolDeclarations {
  readonly text: string;
  readonly bindings: readonly ToolBinding[];
}

// Words a namespace or function cannot be named (reserved), or should not shadow in a program (globals it needs).
const TAKEN = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await async of " +
    "undefined NaN Infinity eval arguments globalThis console Deno Math JSON Promise Object Array String Number Boolean Date Error TypeError Symbol Map Set RegExp BigInt Intl Reflect Proxy CallToolResult ContentBlock ToolCallError codemode kept " +
    // What every object inherits: a server may name itself or a tool so, and must not reach it.
    "constructor prototype __proto__ hasOwnProperty isPrototypeOf propertyIsEnumerable toString valueOf toLocaleString __defineGetter__ __defineSetter__ __lookupGetter__ __lookupSetter__"
  ).split(" "),
);

/** `name` made a TypeScript identifier that takes nothing a program needs: `get-sum` → `get_sum`, `delete` → `delete_`. */
export function toIdentifier(name: string): string {
  let id = name.replace(/[^A-Za-z0-9_$]/g, "_");
  if (!id || /^[0-9]/.test(id)) id = `_${id}`;
  return TAKEN.has(id) ? `${id}_` : id;
}

const CALL_TOOL_RESULT = `{
  content: ContentBlock[];
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
}`;
const CONTENT_BLOCK = `{ type: string; text?: string; data?: string; mimeType?: string; uri?: string; resource?: { uri: string; mimeType?: string; text?: string; blob?: string }; [key: string]: unknown }`;

/**
 * TypeScript declarations for every tool of `servers`: one namespace per server, one function
 * per tool taking its `inputSchema` as an object type and resolving to its `outputSchema`'s type
 * (the structured content) or, without one, the MCP `CallToolResult`; each with the tool's
 * description as JSDoc. `style: "module"` exports them (a `.d.ts` a host program imports as
 * `import type * as Tools`); `"global"` declares them as globals, as code mode's sandbox defines
 * them. `only` limits them to some qualified names.
 */
export function toToolDeclarations(
  servers: readonly DeclaredServer[],
  options: { style: "module" | "global"; only?: ReadonlySet<string> } = { style: "module" },
): ToolDeclarations {
  const exported = options.style === "module" ? "export " : "";
  const bindings: ToolBinding[] = [];
  const blocks: string[] = [
    `${exported}${options.style === "module" ? "" : "declare "}type ContentBlock = ${CONTENT_BLOCK};`,
    `/** What a tool without an output schema resolves to: the MCP tools/call result. */\n${exported}${options.style === "module" ? "" : "declare "}type CallToolResult = ${CALL_TOOL_RESULT};`,
  ];
  const namespaces = new Set<string>();
  for (const server of servers) {
    const namespace = unique(toIdentifier(server.name), namespaces);
    const methods = new Set<string>();
    const members: string[] = [];
    for (const tool of server.tools) {
      const qualifiedName = qualifyName(server.name, tool.name);
      const method = unique(toIdentifier(tool.name), methods);
      if (options.only && !options.only.has(qualifiedName)) continue;
      const structured = tool.outputSchema !== undefined;
      bindings.push({ namespace, method, server: server.name, tool: tool.name, qualifiedName, structured });
      members.push(declareTool(tool, method, qualifiedName));
    }
    if (!members.length) continue;
    blocks.push(`/** The tools of server "${server.name}". */\n${exported}declare namespace ${namespace} {\n${members.join("\n\n")}\n}`);
  }
  return { text: `${blocks.join("\n\n")}\n`, bindings };
}

function declareTool(tool: McpTool, method: string, qualifiedName: string): string {
  const input = tool.inputSchema as { required?: unknown } | undefined;
  const optional = !Array.isArray(input?.required) || input.required.length === 0;
  const args = schemaToType(tool.inputSchema, "  ");
  const result = tool.outputSchema ? schemaToType(tool.outputSchema, "  ") : "CallToolResult";
  const hints = tool.annotations ?? {};
  const tags = [
    `@tool ${qualifiedName}`,
    ...(hints.readOnlyHint === true ? ["@readonly (the server says)"] : []),
    ...(hints.destructiveHint === true ? ["@destructive (the server says)"] : []),
  ];
  const description = tool.description ?? tool.title;
  return `${jsDoc(description, "  ", tags)}  function ${method}(args${optional ? "?" : ""}: ${args}): Promise<${result}>;`;
}

function unique(id: string, taken: Set<string>): string {
  let name = id;
  for (let n = 2; taken.has(name); n++) name = `${id}_${n}`;
  taken.add(name);
  return name;
}
