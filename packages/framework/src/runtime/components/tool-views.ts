import type { ResourceContents } from "../context.js";
import type { RegisteredTool } from "./registered-tool.js";
import type { WireResource } from "./registered-resource.js";
import { UI_EXTENSION, type RequestExtra, type WireTool } from "../sdk/protocol-types.js";

/** The MIME type of an MCP Apps view: HTML for a host's sandboxed frame. */
export const VIEW_MIME_TYPE = "text/html;profile=mcp-app";

/** The `ui://` URI a tool's view is served under. */
export function viewUri(server: string, tool: string): string {
  return `ui://${encodeURIComponent(server)}/${encodeURIComponent(tool)}`;
}

/**
 * Whether the client of this request renders views: it declared the MCP Apps extension (at
 * `initialize` in 2025-11-25, in the request's envelope in 2026-07-28), with the HTML type among
 * its `mimeTypes` if it lists any. Any other client sees the server exactly as without views,
 * except a 2025 client of a `stateless` server, whose capabilities no later request carries.
 */
export function takesViews(extra: RequestExtra, stateless = false): boolean {
  // A 2025 client on a stateless server (--stateless, Workers) declared its capabilities in an
  // initialize that another protocol server answered, and sends them with no later request: the
  // server cannot tell a host that renders views from one that does not, and initialize offered
  // the extension to whoever declared it. Such a request gets the views; `_meta.ui` is ignorable
  // by a host that renders none, and a ui:// page is read only by one that asks for it.
  if (stateless && extra.era === "2025-11-25" && extra.clientCapabilities === undefined) return true;
  const declared = extra.clientCapabilities?.extensions?.[UI_EXTENSION] as { mimeTypes?: unknown } | undefined;
  if (declared === undefined || declared === null) return false;
  return !Array.isArray(declared.mimeTypes) || declared.mimeTypes.includes(VIEW_MIME_TYPE);
}

/**
 * `tools` as a view-taking client lists them: each tool with a view names it in `_meta.ui`, and
 * under the extension's earlier flat key `ui/resourceUri`, which hosts of its first releases read
 * (the official server helper sets both).
 */
export function withViewMeta(server: string, tools: readonly WireTool[], registered: (name: string) => RegisteredTool | undefined): WireTool[] {
  return tools.map((tool) => {
    if (!registered(tool.name)?.generated.view) return tool;
    const resourceUri = viewUri(server, tool.name);
    return { ...tool, _meta: { ...tool._meta, ui: { resourceUri }, "ui/resourceUri": resourceUri } };
  });
}

/**
 * Whether `tool` shows a view: its own (`@tool({ view })`), or, for a tool another server serves
 * through this one, the `ui://` resource its `_meta.ui` names.
 */
export function hasView(tool: RegisteredTool): boolean {
  return tool.generated.view !== undefined || remoteView(tool.wire) !== undefined;
}

/**
 * `tools` as a client that renders no views lists them: a mounted remote tool's `_meta.ui` left
 * out, as this server's own tools show none to it. The same array when no tool has one.
 */
export function withoutViewMeta(tools: readonly WireTool[]): readonly WireTool[] {
  if (!tools.some((tool) => remoteView(tool) !== undefined)) return tools;
  return tools.map((tool) => {
    if (remoteView(tool) === undefined) return tool;
    const { ui: _, "ui/resourceUri": __, ...meta } = tool._meta as Record<string, unknown>;
    const { _meta: ___, ...rest } = tool;
    return (Object.keys(meta).length ? { ...rest, _meta: meta } : rest) as WireTool;
  });
}

function remoteView(tool: WireTool): unknown {
  const meta = tool._meta as { ui?: { resourceUri?: unknown }; "ui/resourceUri"?: unknown } | undefined;
  return meta?.ui?.resourceUri ?? meta?.["ui/resourceUri"];
}

/** The view resources of `tools`, as `resources/list` sends them to a view-taking client. */
export function viewResources(server: string, tools: readonly RegisteredTool[]): WireResource[] {
  return tools.flatMap((tool) => {
    const view = tool.generated.view;
    if (!view) return [];
    return [
      {
        uri: viewUri(server, tool.name),
        name: `${tool.name} view`,
        description: `The view of tool "${tool.name}": what a host shows beside its result.`,
        mimeType: VIEW_MIME_TYPE,
        _meta: { ui: uiMeta(view) },
      } as WireResource,
    ];
  });
}

/** The page of the view at `uri`, or undefined when no tool's view is there. */
export function readView(server: string, tools: readonly RegisteredTool[], uri: string): (ResourceContents & { _meta: object }) | undefined {
  const tool = tools.find((t) => t.generated.view && viewUri(server, t.name) === uri);
  const view = tool?.generated.view;
  if (!view) return undefined;
  return { uri, mimeType: VIEW_MIME_TYPE, text: view.html, _meta: { ui: uiMeta(view) } };
}

// The policy travels with the page (the host reads it from resources/read, and from the list as
// a fallback); a view that declares none gets the extension's default: no network at all.
function uiMeta(view: NonNullable<RegisteredTool["generated"]["view"]>): Record<string, unknown> {
  return { ...(view.csp ? { csp: view.csp } : {}), ...(view.prefersBorder === undefined ? {} : { prefersBorder: view.prefersBorder }) };
}
