import { rootsFor } from "./own-folders.js";
import { coerceArguments } from "../host/coerce-arguments.js";
import { HostError } from "../errors/host-error.js";
import { createModel } from "../host/models/create-model.js";
import type { McpTool } from "../host/mcp-tool.js";
import { qualifyName, splitQualifiedName } from "../host/qualified-name.js";
import type { ServerSpec } from "../host/server-spec.js";
import { checkToolPolicy, type ToolPolicy } from "../host/tool-policy.js";
import { askLine } from "./ask-line.js";
import { ANSWER_OPTIONS, createCliAnswers, readRoots } from "./cli-answers.js";
import { askYesNo } from "./confirm-call.js";
import { show } from "./terminal-text.js";
import { formatCallResult } from "./format-call-result.js";
import { openServers, type OpenServer } from "./open-servers.js";
import { parseArgs } from "./parse-options.js";
import { readPresetAnswers } from "./preset-answers.js";
import { openUrlForPerson } from "./url-elicitation.js";
import { listNames, readPolicy, readProtocol, readServerSource, readTimeout, SERVER_OPTIONS } from "./server-options.js";
import { runHostCommand } from "./run-host-command.js";

const CALL_OPTIONS = {
  ...SERVER_OPTIONS,
  ...ANSWER_OPTIONS,
  arg: "strings",
  args: "string",
  confirm: "boolean",
  yes: "boolean",
  task: "boolean",
  "allow-sampling": "boolean",
  provider: "string",
  model: "string",
  "base-url": "string",
} as const;

/**
 * `typemcp call server__tool [--arg k=v]… [--args '{json}'] (--config mcp.json | --url URL |
 * -- command…)`: connects to the server that owns the tool, checks the call against
 * `--allow`/`--deny` and `--confirm`, sends `tools/call` and prints the result. Returns the exit
 * code: 0 success, 1 the tool reported an error, 2 usage, 3 server failure, 4 refused.
 * What the server asks meanwhile is answered from `--answer`, the terminal, `--model` (sampling)
 * and `--root`; see `createCliAnswers`.
 */
export function runCall(argv: readonly string[]): Promise<number> {
  return runHostCommand(async () => {
    const { options, positionals, rest } = parseArgs(argv, CALL_OPTIONS, "call");
    const [requested, ...extra] = positionals;
    if (requested === undefined) throw new HostError("HOST_USAGE", "Name the tool to call: typemcp call <server>__<tool> …");
    if (extra.length) throw new HostError("HOST_USAGE", `typemcp call takes one tool; also got ${extra.join(" ")}. Arguments go in --arg name=value.`);
    const policy = readPolicy(options);
    const spec = ownerOf(requested, readServerSource(options, rest), policy);
    const presets = readPresetAnswers(options.answer);
    const questions = createCliAnswers({
      openUrl: openUrlForPerson,
      presets,
      // The folders its own command line names, unless --root says otherwise (see own-folders.ts).
      roots: rootsFor(spec, readRoots(options.root), (options.root?.length ?? 0) > 0),
      // The user answers on stdin and sees the questions on stderr: both must be a terminal.
      interactive: process.stdin.isTTY === true && process.stderr.isTTY === true,
      terminal: () => (process.stdin.isTTY && process.stderr.isTTY ? askLine : undefined),
      ...(wantsModel(options) && { model: await createModel(modelChoice(options)) }),
      // A model is not consent to spend it on a server's words: asked as chat asks, unless allowed.
      samplingConsent: { allowed: () => options["allow-sampling"] === true || spec.trust === "read-only" },
      note: (text) => show(process.stderr, text),
    });
    const opened = await openServers([spec], {
      timeoutMs: readTimeout(options),
      verbose: options.verbose,
      protocol: readProtocol(options),
      answers: questions.answers,
    });
    try {
      if (opened.failures.length) throw opened.failures[0]!;
      const server = opened.servers[0]!;
      const tool = findTool(server, requested);
      const qualified = qualifyName(server.name, tool.name);
      refuseByPolicy(qualified, policy);
      const args = { ...parseJsonArgs(options.args), ...coerceArguments(options.arg, tool.inputSchema) };
      if (options.confirm && tool.annotations?.readOnlyHint !== true && !options.yes) await confirm(qualified, args);
      // A misfit --answer is the command's error even when the server then fails the call for it.
      const called = options.task ? callAsTask(server, tool, args, readTimeout(options)) : server.connection.call(tool.name, args);
      const result = await called.catch((error: unknown) => {
        throw questions.failure() ?? error;
      });
      const misfit = questions.failure();
      if (misfit) throw misfit;
      if (questions.used() < presets.length)
        process.stderr.write(
          `typemcp: note: ${presets.length - questions.used()} --answer value(s) left unused: the server asked ${questions.used()} question(s).\n`,
        );
      show(process.stdout, options.json ? `${JSON.stringify(result, null, 2)}\n` : ensureNewline(formatCallResult(result)));
      return result.isError === true ? 1 : 0;
    } finally {
      await opened.closeAll();
    }
  });
}

// --task: the tool as a task, its status on stderr as it changes (a typemcp tool's progress is
// its statusMessage); a tool that does not run as a task is called as usual.
function callAsTask(server: OpenServer, tool: McpTool, args: Record<string, unknown>, timeoutMs: number) {
  // 2025-11-25 lists which tools take `params.task` (another is refused); a 2026-07-28 tool that
  // is no task simply answers a request that declares the extension.
  const support = (tool as { execution?: { taskSupport?: string } }).execution?.taskSupport;
  if (server.connection.era.name === "2025-11-25" && (support === undefined || support === "forbidden")) {
    process.stderr.write(`typemcp: note: ${tool.name} does not run as a task (the server lists no taskSupport for it): calling it as usual.\n`);
    return server.connection.call(tool.name, args);
  }
  return server.connection.callAsTask(tool.name, args, timeoutMs, (task) =>
    show(process.stderr, `typemcp: task ${task.taskId} ${task.status}${task.statusMessage ? `: ${task.statusMessage}` : ""}\n`),
  );
}

// A model is only for the server's sampling requests; without one, sampling is not declared.
function wantsModel(options: { provider?: string | undefined; model?: string | undefined; "base-url"?: string | undefined }): boolean {
  return options.provider !== undefined || options.model !== undefined || options["base-url"] !== undefined;
}

function modelChoice(options: { provider?: string | undefined; model?: string | undefined; "base-url"?: string | undefined }) {
  return {
    ...(options.provider !== undefined && { provider: options.provider }),
    ...(options.model !== undefined && { model: options.model }),
    ...(options["base-url"] !== undefined && { baseUrl: options["base-url"] }),
  };
}

// With --config only the owning server is started; which one it is shows in the qualified name,
// so a refused call is refused before any process starts.
function ownerOf(requested: string, source: ReturnType<typeof readServerSource>, policy: ToolPolicy): ServerSpec {
  if (source.single) return source.single;
  const { file, servers } = source.config!;
  const split = splitQualifiedName(
    requested,
    servers.map((spec) => spec.name!),
  );
  if (!split) {
    throw new HostError("HOST_USAGE", `"${requested}" names no server in ${file}: call a tool as <server>__<tool>, the server one of ${listNames(servers)}.`);
  }
  refuseByPolicy(requested, policy);
  return servers.find((spec) => spec.name === split.server)!;
}

// A lone server's tools may be called by their own name or qualified with the server's name.
function findTool(server: OpenServer, requested: string): McpTool {
  const tools = server.connection.tools;
  const own = splitQualifiedName(requested, [server.name])?.tool;
  const tool = tools.find((t) => t.name === own) ?? tools.find((t) => t.name === requested);
  if (tool) return tool;
  const offered = tools.map((t) => qualifyName(server.name, t.name)).join(", ") || "none";
  throw new HostError("HOST_TOOL_NOT_FOUND", `Server "${server.name}" has no tool "${own ?? requested}". Its tools: ${offered}.`);
}

function refuseByPolicy(qualified: string, policy: ToolPolicy): void {
  const reason = checkToolPolicy(qualified, policy);
  if (reason !== undefined) throw new HostError("HOST_CALL_REFUSED", `Refused to call ${qualified}: ${reason}.`);
}

async function confirm(qualified: string, args: Record<string, unknown>): Promise<void> {
  if (!process.stdin.isTTY) {
    throw new HostError(
      "HOST_CALL_REFUSED",
      `Refused to call ${qualified}: it is not marked read-only, and --confirm has no terminal to ask on. Add --yes to allow it.`,
    );
  }
  const approved = await askYesNo(`Call ${qualified} ${JSON.stringify(args)}? It is not marked read-only.`, { input: process.stdin, output: process.stderr });
  if (!approved) throw new HostError("HOST_CALL_REFUSED", `Did not call ${qualified}: not confirmed.`);
}

function parseJsonArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HostError("HOST_ARGUMENT_INVALID", `--args is not JSON: ${(error as Error).message}`, { cause: error });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new HostError("HOST_ARGUMENT_INVALID", "--args must be a JSON object.");
  return value as Record<string, unknown>;
}

function ensureNewline(text: string): string {
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}
