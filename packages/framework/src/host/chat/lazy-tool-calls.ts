import type { McpTool } from "../mcp-tool.js";
import type { ToolResultMessage } from "../models/model-adapter.js";
import type { ToolRouter } from "../tool-router.js";
import { hostToolArguments } from "./call-arguments.js";
import type { HostAnsweredCall } from "./host-answered-call.js";
import { searchTools } from "../search-tools.js";

/** A tool the model may see, by the name it calls it. */
export interface VisibleTool {
  readonly name: string;
  readonly qualifiedName: string;
  readonly server: string;
  readonly tool: McpTool;
}

/**
 * `get_tool_schema`: the full definition of a tool the model may see, which is then sent with
 * every later request (`loaded` remembers it); an unknown name is refused with the list.
 */
export function answerSchemaTool(host: HostAnsweredCall, visible: readonly VisibleTool[], router: ToolRouter, loaded: Set<string>): ToolResultMessage {
  const { call } = host;
  const name = hostToolArguments(call)?.name;
  host.emit({ type: "call", step: host.step, id: call.id, name: call.name, arguments: hostToolArguments(call) });
  const entry = visible.find((e) => e.name === name || e.qualifiedName === name);
  if (!entry) {
    const reason = `There is no tool named "${String(name)}". The tools are: ${visible.map((e) => e.name).join(", ")}.`;
    host.emit({ type: "decision", id: call.id, decision: "unknown", reason, by: "host" });
    return host.reply(true, reason);
  }
  loaded.add(entry.name);
  host.emit({ type: "decision", id: call.id, decision: "answered" });
  return host.reply(false, JSON.stringify(router.definition(entry.name)));
}

/** `find_tools`: the tools whose names and descriptions match, by the names the model calls them. */
export function answerFindTool(host: HostAnsweredCall, visible: readonly VisibleTool[], router: ToolRouter): ToolResultMessage {
  const { call } = host;
  const args = hostToolArguments(call);
  host.emit({ type: "call", step: host.step, id: call.id, name: call.name, arguments: args });
  host.emit({ type: "decision", id: call.id, decision: "answered" });
  const query = String(args?.query ?? "");
  const summaries = router.summaries().filter((summary) => visible.some((entry) => entry.name === summary.name));
  const found = searchTools(summaries, query, 15);
  return host.reply(false, found.length ? found.map((s) => `${s.name}: ${s.description}`).join("\n") : `No tool matches "${query}". Try other words.`);
}
