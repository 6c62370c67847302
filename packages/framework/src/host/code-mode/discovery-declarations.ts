/**
 * The global a code mode program finds tools with, declared for the type check: `codemode.search`
 * and `codemode.describe` answer from inside the sandbox, so what the model reads of the tools is
 * only what a program prints, never every declaration up front.
 */
export const DISCOVERY_DECLARATIONS = `/** Find the tools from inside the program: print what you need to read. */
declare namespace codemode {
  /** The tools best matching \`query\` (up to \`limit\`, default 4), one a line: signature and first sentence; results nested in objects read \`{…}\` unless \`outputs\` is true. */
  function search(query: string, options?: { limit?: number; outputs?: boolean }): Promise<string>;
  /** Full TypeScript declarations, JSDoc included, of tools ("ns.fn") or whole namespaces ("ns"). */
  function describe(...names: string[]): Promise<string>;
  /** Keep data (as JSON) or a self-contained function for later programs of this session, as \`kept.name\`; \`undefined\` forgets it. */
  function keep(name: string, value: unknown): Promise<void>;
  /** Show the model a tool's images, audio or embedded files (blocks with data, or a resource with a blob) beside what the program prints; up to 4. */
  function show(...images: ContentBlock[]): Promise<void>;
}
`;

/** What a program asks the host through `codemode`: the bridge carries it as `{"typemcp":"discover"}`. */
export type DiscoveryRequest =
  | { readonly op: "search"; readonly query: string; readonly limit?: number; readonly outputs?: boolean }
  | { readonly op: "describe"; readonly names: readonly string[] };

/** `args` of a bridge line made a request, or undefined when it is not one. */
export function toDiscoveryRequest(op: unknown, args: unknown): DiscoveryRequest | undefined {
  const a = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
  if (op === "search") {
    const limit = typeof a.limit === "number" && Number.isFinite(a.limit) ? Math.min(Math.max(1, Math.floor(a.limit)), 50) : undefined;
    return { op, query: String(a.query ?? ""), ...(limit !== undefined && { limit }), ...(a.outputs === true && { outputs: true }) };
  }
  if (op === "describe") return { op, names: Array.isArray(a.names) ? a.names.map(String) : [] };
  return undefined;
}
