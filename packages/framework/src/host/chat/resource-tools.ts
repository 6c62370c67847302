import { HostError } from "../../errors/host-error.js";
import type { McpTool } from "../mcp-tool.js";
import type { ToolResultMessage } from "../models/model-adapter.js";
import { startHostToolCall } from "./host-tool-call.js";
import { base64Bytes, blockMedia } from "../tool-result-media.js";
import type { ChatServer } from "./chat-types.js";
import type { HostAnsweredCall } from "./host-answered-call.js";

/** The tool that lists the servers' resources (`readResources`); no `__`, so no server's tool can take the name. */
export const LIST_RESOURCES_TOOL = "list_resources";
/** The tool that reads one resource (`readResources`). */
export const READ_RESOURCE_TOOL = "read_resource";
/** How much of a resource the model reads by default, in characters. */
export const DEFAULT_RESOURCE_CHARS = 20_000;

/** The two tools `readResources` offers the model, answered by the host. */
export function toResourceTools(): McpTool[] {
  const server = { type: "string", description: "The server, as list_resources names it." };
  return [
    {
      name: LIST_RESOURCES_TOOL,
      description: "List the resources the servers offer (files, records, documents): server, URI, name and description, one a line.",
      inputSchema: { type: "object", properties: { server: { ...server, description: "Only this server's resources." } }, additionalProperties: false },
      annotations: { readOnlyHint: true },
    },
    {
      name: READ_RESOURCE_TOOL,
      description: "Read one resource of a server by its URI (see list_resources). The user may be asked first.",
      inputSchema: {
        type: "object",
        properties: { server, uri: { type: "string", description: "The resource's URI." } },
        required: ["server", "uri"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
  ];
}

/** Whether `name` is one of the resource tools. */
export function isResourceTool(name: string): boolean {
  return name === LIST_RESOURCES_TOOL || name === READ_RESOURCE_TOOL;
}

/**
 * Answers `list_resources` (every server's list, unasked: it names what exists, as the tool list
 * does) and `read_resource` (asked through `askRead` unless the server is trusted; the text cut
 * at `maxChars`; a blob sent as media, as each provider takes it).
 */
export async function answerResourceTool(
  host: HostAnsweredCall,
  servers: readonly ChatServer[],
  askRead: (server: string, uri: string) => Promise<string | undefined>,
  maxChars: number,
): Promise<ToolResultMessage> {
  const readable = servers.filter((s) => s.listResources && s.readResource);
  const { args, refuse, server, unknownServer } = startHostToolCall(host, readable, "resources");
  if (unknownServer) return unknownServer;
  const { call } = host;
  try {
    if (call.name === LIST_RESOURCES_TOOL) {
      host.emit({ type: "decision", id: call.id, decision: "answered" });
      const lines: string[] = [];
      for (const each of server ? [server] : readable) {
        for (const r of await each.listResources!()) {
          lines.push(
            `${each.name} ${r.uri}  ${r.title ?? r.name}${r.mimeType ? ` (${r.mimeType})` : ""}${r.description ? ` — ${r.description.split("\n")[0]}` : ""}`,
          );
        }
      }
      return host.reply(false, lines.join("\n") || "The servers offer no resources.");
    }
    const uri = typeof args?.uri === "string" ? args.uri : "";
    if (!server || !uri) return refuse("invalid", "schema", 'read_resource needs "server" and "uri" (see list_resources).');
    const refused = await askRead(server.name, uri);
    if (refused !== undefined) return refuse("refused", "consent", refused);
    host.emit({ type: "decision", id: call.id, decision: "run" });
    const contents = await server.readResource!(uri);
    // A blob (a PDF, an image) goes to the model as media, as a tool's embedded resource does.
    const media = contents.flatMap((c) => blockMedia({ type: "resource", resource: c }) ?? []);
    const text = contents.map((c) => c.text ?? `[resource ${c.uri} (${c.mimeType ?? "binary"}, ${base64Bytes(c.blob ?? "")} bytes)]`).join("\n");
    const cut =
      text.length > maxChars
        ? `${text.slice(0, maxChars)}\n[Cut at ${maxChars.toLocaleString("en-US")} of ${text.length.toLocaleString("en-US")} characters.]`
        : text;
    const answer = host.reply(false, cut || "(The resource is empty.)");
    return media.length ? { ...answer, media } : answer;
  } catch (error) {
    if (!(error instanceof HostError)) throw error;
    return host.reply(true, `The read failed: ${error.message}`);
  }
}
