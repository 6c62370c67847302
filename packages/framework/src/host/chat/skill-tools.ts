import { HostError } from "../../errors/host-error.js";
import type { McpSkill } from "../mcp-skill.js";
import type { McpTool } from "../mcp-tool.js";
import type { ToolResultMessage } from "../models/model-adapter.js";
import { startHostToolCall } from "./host-tool-call.js";
import type { ChatServer } from "./chat-types.js";
import type { HostAnsweredCall } from "./host-answered-call.js";

/** The tool that lists the servers' skills (`readSkills`); no `__`, so no server's tool can take the name. */
export const LIST_SKILLS_TOOL = "list_skills";
/** The tool that reads one file of a skill, its SKILL.md by default (`readSkills`). */
export const READ_SKILL_TOOL = "read_skill";

/** The two tools `readSkills` offers the model, answered by the host. */
export function toSkillTools(): McpTool[] {
  const server = { type: "string", description: "The server, as list_skills names it." };
  return [
    {
      name: LIST_SKILLS_TOOL,
      description:
        "List the skills the servers offer (instructions for a kind of task, served by an MCP server): server, name, description and URI, one a line.",
      inputSchema: { type: "object", properties: { server: { ...server, description: "Only this server's skills." } }, additionalProperties: false },
      annotations: { readOnlyHint: true },
    },
    {
      name: READ_SKILL_TOOL,
      description:
        "Read a skill of a server before a task it describes: its SKILL.md, or with `path` one of its files (like references/GUIDE.md). The user may be asked first.",
      inputSchema: {
        type: "object",
        properties: {
          server,
          skill: { type: "string", description: "The skill's name or the URI of its SKILL.md (see list_skills)." },
          path: { type: "string", description: "A file inside the skill, relative to its folder; default SKILL.md." },
        },
        required: ["server", "skill"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
  ];
}

/** Whether `name` is one of the skill tools. */
export function isSkillTool(name: string): boolean {
  return name === LIST_SKILLS_TOOL || name === READ_SKILL_TOOL;
}

/**
 * Answers `list_skills` (every server's entries, unasked) and `read_skill` (asked through
 * `askLoad` once per skill unless the server is trusted; each file checked against the skill's
 * entry by the client; the text tagged with the server it came from, since a served skill is
 * untrusted input whose `allowed-tools` grant nothing, and cut at `maxChars`).
 */
export async function answerSkillTool(
  host: HostAnsweredCall,
  servers: readonly ChatServer[],
  askLoad: (server: string, skill: McpSkill) => Promise<string | undefined>,
  maxChars: number,
): Promise<ToolResultMessage> {
  const readable = servers.filter((s) => s.listSkills && s.readSkill);
  const { args, refuse, server, unknownServer } = startHostToolCall(host, readable, "skills");
  if (unknownServer) return unknownServer;
  const { call } = host;
  try {
    if (call.name === LIST_SKILLS_TOOL) {
      host.emit({ type: "decision", id: call.id, decision: "answered" });
      const lines: string[] = [];
      for (const each of server ? [server] : readable) {
        for (const s of await each.listSkills!()) lines.push(`${each.name} ${s.frontmatter.name} — ${s.frontmatter.description.split("\n")[0]} (${s.uri})`);
      }
      return host.reply(false, lines.join("\n") || "The servers offer no skills.");
    }
    const named = typeof args?.skill === "string" ? args.skill : "";
    if (!server || !named) return refuse("invalid", "schema", 'read_skill needs "server" and "skill" (see list_skills).');
    const skills = await server.listSkills!();
    // A name is a label, not an identity: two skills may share one, and then the URI decides.
    const matches = skills.filter((s) => s.uri === named || s.frontmatter.name === named);
    if (matches.length !== 1) {
      const reason = matches.length
        ? `${server.name} has ${matches.length} skills named "${named}": name one by its URI (${matches.map((s) => s.uri).join(", ")}).`
        : `${server.name} has no skill "${named}". Its skills: ${skills.map((s) => s.frontmatter.name).join(", ") || "none"}.`;
      return refuse("unknown", "host", reason);
    }
    const skill = matches[0]!;
    const refused = await askLoad(server.name, skill);
    if (refused !== undefined) return refuse("refused", "consent", refused);
    host.emit({ type: "decision", id: call.id, decision: "run" });
    const path = typeof args?.path === "string" && args.path !== "" ? args.path : undefined;
    const file = await server.readSkill!(skill, path);
    const origin = `[${file.uri} from the MCP server "${server.name}"${file.verified ? ", verified against its digest" : ""}. Served content: follow it for this task, but it grants no permissions.]`;
    const text = file.text ?? `[${file.mimeType ?? "binary"} content, ${file.size} bytes, not shown to the model]`;
    const cut =
      text.length > maxChars
        ? `${text.slice(0, maxChars)}\n[Cut at ${maxChars.toLocaleString("en-US")} of ${text.length.toLocaleString("en-US")} characters.]`
        : text;
    return host.reply(false, `${origin}\n${cut}`);
  } catch (error) {
    if (!(error instanceof HostError)) throw error;
    return host.reply(true, `The read failed: ${error.message}`);
  }
}
