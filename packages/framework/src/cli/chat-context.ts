import { HostError } from "../errors/host-error.js";
import { splitQualifiedName } from "../host/qualified-name.js";
import type { OpenServer } from "./open-servers.js";

/**
 * Resources and prompts in an interactive chat: `/resources` and `/prompts` list them,
 * `/attach server:uri` (or `@server:uri` in a message) reads a resource into the next message,
 * and `/prompt server__name key=value…` gets a server's prompt as the next user turn.
 */

/** `/resources`: each server's resources, one line each. */
export async function describeResources(servers: readonly OpenServer[]): Promise<string> {
  const lines: string[] = [];
  for (const { name, connection } of servers) {
    for (const resource of await connection.listResources()) {
      lines.push(`${name}:${resource.uri}  ${resource.title ?? resource.name}${resource.description ? ` — ${firstLine(resource.description)}` : ""}`);
    }
  }
  return `${lines.join("\n") || "No resources."}\n`;
}

/** `/prompts`: each server's prompts as `server__name key=… [key=…]`, one line each. */
export async function describePrompts(servers: readonly OpenServer[]): Promise<string> {
  const lines: string[] = [];
  for (const { name, connection } of servers) {
    for (const prompt of await connection.listPrompts()) {
      const args = (prompt.arguments ?? []).map((a) => (a.required ? `${a.name}=…` : `[${a.name}=…]`)).join(" ");
      lines.push(`${name}__${prompt.name}${args ? ` ${args}` : ""}${prompt.description ? `  ${firstLine(prompt.description)}` : ""}`);
    }
  }
  return `${lines.join("\n") || "No prompts."}\n`;
}

/** The text of `server:uri`, marked with where it came from, to go before the next message. */
export async function readAttachment(servers: readonly OpenServer[], reference: string): Promise<string> {
  const colon = reference.indexOf(":");
  const server = servers.find((s) => s.name === reference.slice(0, colon));
  if (colon < 1 || !server) {
    throw new HostError("HOST_USAGE", `Attach a resource as server:uri, with a server of ${servers.map((s) => s.name).join(", ")}; got "${reference}".`);
  }
  const uri = reference.slice(colon + 1);
  const contents = await server.connection.readResource(uri);
  const text = contents
    .map((c) => c.text ?? `[${c.mimeType ?? "binary"} content, ${Math.ceil(((c.blob ?? "").length * 3) / 4)} bytes, not shown to the model]`)
    .join("\n");
  return `<resource server="${server.name}" uri="${uri}">\n${text}\n</resource>`;
}

/** The `@server:uri` mentions in a message whose server is connected. */
export function mentionsIn(text: string, servers: readonly OpenServer[]): string[] {
  const names = new Set(servers.map((s) => s.name));
  return [...text.matchAll(/(?:^|\s)@([A-Za-z0-9_-]+:\S+)/g)].map((m) => m[1]!).filter((ref) => names.has(ref.slice(0, ref.indexOf(":"))));
}

/** `/prompt server__name key=value…`: the prompt's messages as the text of one user turn. */
export async function getPromptText(servers: readonly OpenServer[], line: string): Promise<string> {
  const [qualified = "", ...pairs] = line.trim().split(/\s+/);
  const split = splitQualifiedName(
    qualified,
    servers.map((s) => s.name),
  );
  const server = split && servers.find((s) => s.name === split.server);
  if (!split || !server) throw new HostError("HOST_USAGE", `Name the prompt as server__name (see /prompts); got "${qualified}".`);
  const args: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq < 1) throw new HostError("HOST_USAGE", `Prompt arguments go as key=value; got "${pair}".`);
    args[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const result = await server.connection.getPrompt(split.tool, args);
  // One user turn: an assistant message in the prompt is quoted as such, not replayed as the model's.
  return result.messages
    .map((m) => {
      const text = m.content.type === "text" ? (m.content.text ?? "") : `[${m.content.type}]`;
      return m.role === "user" ? text : `(${m.role}) ${text}`;
    })
    .join("\n\n");
}

function firstLine(text: string): string {
  const line = text.split("\n")[0]!.trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
