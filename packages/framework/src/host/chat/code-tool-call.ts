import type { CodeModeCatalog } from "../code-mode/code-mode-tools.js";
import type { BridgeAnswer, CodeSandbox } from "../code-mode/deno-sandbox.js";
import type { KeptValues } from "../code-mode/kept-values.js";
import type { ToolResultMessage } from "../models/model-adapter.js";
import { hostToolArguments } from "./call-arguments.js";
import type { HostAnsweredCall } from "./host-answered-call.js";

/**
 * Answers code mode's `run_program` through the sandbox: each call a program makes is checked
 * like a direct call, and its `codemode.search`/`describe` are answered from the catalog.
 */
export async function answerCodeTool(host: HostAnsweredCall, catalog: CodeModeCatalog, sandbox: CodeSandbox, kept: KeptValues): Promise<ToolResultMessage> {
  const { call, step, signal } = host;
  const args = hostToolArguments(call);
  host.emit({ type: "call", step, id: call.id, name: call.name, arguments: args });
  const code = typeof args?.code === "string" ? args.code : "";
  if (!code.trim()) {
    host.emit({ type: "decision", id: call.id, decision: "invalid", reason: "No program.", by: "schema" });
    return host.reply(true, 'run_program needs "code": the program to run.');
  }
  host.emit({ type: "decision", id: call.id, decision: "run" });
  let inner = 0;
  let discovered = 0;
  const onCall = async (qualifiedName: string, callArgs: unknown): Promise<BridgeAnswer> => {
    const binding = catalog.binding(qualifiedName);
    const id = `${call.id}#${++inner}`;
    host.emit({ type: "call", step, id, name: qualifiedName, qualifiedName, arguments: callArgs });
    if (!binding) return { ok: false, message: `There is no tool ${qualifiedName}.` };
    if (typeof callArgs !== "object" || callArgs === null || Array.isArray(callArgs)) {
      host.emit({ type: "decision", id, decision: "invalid", reason: "not an object", by: "schema" });
      return { ok: false, message: `The arguments for ${qualifiedName} must be an object.` };
    }
    const routed = { server: binding.server, tool: binding.tool, qualifiedName, arguments: callArgs as Record<string, unknown> };
    const outcome = await host.runChecked(routed, id);
    if (outcome.isError) return { ok: false, message: outcome.text || `${qualifiedName} failed.` };
    return { ok: true, value: binding.structured ? (outcome.result?.structuredContent ?? null) : outcome.result };
  };
  const language = args?.language === "javascript" ? "javascript" : "typescript";
  const ran = await sandbox.run({
    code,
    language,
    declarations: `${catalog.programDeclarations()}\n${kept.declarations()}`,
    kept,
    namespaces: catalog.namespaces(),
    onDiscover: (request) => {
      discovered++;
      return catalog.discover(request);
    },
    onCall,
    ...(signal && { signal }),
  });
  // Told only when it changed: what is kept is in the conversation already otherwise.
  const keeping = kept.takeChanged() ? `\n[kept for later programs: ${kept.list()}]` : "";
  if (!ran.failure) {
    const shown = ran.media?.length ?? 0;
    // A program that only found tools: later requests leave it out once another program ran.
    if (discovered && !inner && !keeping && !shown) catalog.used.note(call.id);
    const nothing = shown ? `(The program showed ${shown} piece${shown === 1 ? "" : "s"} of media.)` : "(The program printed nothing.)";
    const message = host.reply(false, `${ran.output || nothing}${keeping}`);
    return shown ? { ...message, media: ran.media } : message;
  }
  const printed = ran.output ? `\nIt printed before it stopped:\n${ran.output}` : "";
  return host.reply(true, `${catalog.explainMissing(ran.failure.message)}${printed}${keeping}`);
}
