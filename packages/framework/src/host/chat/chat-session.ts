import { callResultText } from "../call-result-text.js";
import { HostError } from "../host-error.js";
import type { McpCallResult, McpTool } from "../mcp-tool.js";
import type { ChatMessage, ModelAdapter, ModelTurn, ProposedCall, TokenUsage, ToolResultMessage } from "../models/model-adapter.js";
import { toProviderTool } from "../to-provider-tool.js";
import type { ServerTrust } from "../server-trust.js";
import { checkToolPolicy, type ToolPolicy } from "../tool-policy.js";
import { ToolRouter, type RoutedCall } from "../tool-router.js";
import type { ChatEvent, TurnOutcome } from "./chat-events.js";
import { FIND_TOOL_NAME, SCHEMA_TOOL_NAME, toLazyTools } from "./lazy-tools.js";
import { searchTools } from "./search-tools.js";
import { CODE_TOOL_NAMES, CodeModeCatalog } from "../code-mode/code-mode-tools.js";
import type { BridgeAnswer, CodeSandbox } from "../code-mode/deno-sandbox.js";
import { toolDefinitionsSize } from "./tool-definitions-size.js";
import { validateCallArguments } from "./validate-call-arguments.js";

/** One connected server, as the chat loop uses it. */
export interface ChatServer {
  /** The name its tools are qualified with: `name__tool`. */
  readonly name: string;
  readonly tools: readonly McpTool[];
  /** Whether its `readOnlyHint` is believed (`read-only`) or every call is asked (`ask`, the default). */
  readonly trust?: ServerTrust;
  /** Lists `tools` again if the server said they changed; true when it did. Asked before each model request. */
  refreshTools?(): Promise<boolean>;
  /** Sends `tools/call`; aborting `signal` cancels the request (MCP `notifications/cancelled`). */
  call(tool: string, args: Record<string, unknown>, options: { signal?: AbortSignal }): Promise<McpCallResult>;
}

/** A call waiting for consent: any call, unless its server is trusted and marks the tool read-only. */
export interface ConsentRequest {
  readonly qualifiedName: string;
  /** The server's name, as in `qualifiedName`. */
  readonly server: string;
  readonly arguments: Record<string, unknown>;
  readonly tool: McpTool;
}

/**
 * yes: run this call; no: refuse it; always: run it and every later call of this tool;
 * `{ refuse }`: refuse it, with the reason to show the user and tell the model.
 */
export type ConsentAnswer = "yes" | "no" | "always" | { readonly refuse: string };

/** What a chat needs: servers, a model, and the host's rules. */
export interface ChatSessionOptions {
  readonly servers: readonly ChatServer[];
  readonly model: ModelAdapter;
  readonly system?: string;
  readonly policy?: ToolPolicy;
  /**
   * Asked before a call runs, unless its server is trusted (`trust: "read-only"`) and marks the
   * tool read-only. Without it such calls are refused, so a host that cannot ask never runs one
   * unapproved.
   */
  readonly consent?: (request: ConsentRequest) => ConsentAnswer | Promise<ConsentAnswer>;
  /** Send names and one-line descriptions plus a meta-tool that loads full definitions on request. */
  readonly lazyTools?: boolean;
  /**
   * Code mode: the tools of `servers` (default: every server) are not offered one by one; the
   * model gets three tools instead (search them, read their TypeScript declarations, run a
   * program that calls them), and `sandbox` runs the program. Every call a program makes passes
   * the same checks as a direct call: policy, the input schema, consent.
   */
  readonly code?: { readonly sandbox: CodeSandbox; readonly servers?: readonly string[] };
  /** A conversation to go on with (`--resume`): these messages come before the first `send`. */
  readonly history?: readonly ChatMessage[];
  /** The tokens `history` took: `usage` counts on from them. */
  readonly usage?: TokenUsage;
  /** Stream each answer: its text arrives as `delta` events (the model's turn is the same either way). */
  readonly stream?: boolean;
  /** Model requests allowed in one turn (default 10). */
  readonly maxSteps?: number;
  /** Calls with invalid arguments allowed in one turn before it ends (default 3). */
  readonly maxInvalidCalls?: number;
  /** Sees every step of the transcript as it happens. */
  readonly onEvent?: (event: ChatEvent) => void;
}

/** The default of `maxSteps`. */
export const DEFAULT_MAX_STEPS = 10;
const DEFAULT_MAX_INVALID_CALLS = 3;

/**
 * The host loop with a model in it: the user's message goes to the model with every server's
 * tools in the model's format; each call the model proposes is checked (the name exists, the
 * arguments fit the tool's `inputSchema`, `policy` allows it, consent for a tool not marked
 * read-only) before it runs, in order; results, and refusals with their reasons, go back to the
 * model until it answers or `maxSteps` ends the turn.
 *
 * @example
 * ```ts
 * const chat = new ChatSession({ servers, model: await createAnthropicModel({ apiKey, model: "claude-sonnet-5-5" }), consent: () => "no", onEvent: console.log });
 * const { answer } = await chat.send("What is a house in Winchester worth?");
 * ```
 */
export class ChatSession {
  /** The conversation so far, in the loop's neutral form. */
  readonly messages: ChatMessage[] = [];
  private router: ToolRouter;
  private readonly servers: ReadonlyMap<string, ChatServer>;
  private readonly approvedAlways = new Set<string>();
  private readonly loaded = new Set<string>();
  private catalog: { key: string; value: CodeModeCatalog } | undefined;
  private readonly total = { inputTokens: 0, outputTokens: 0 };

  constructor(private readonly options: ChatSessionOptions) {
    if (options.history) this.messages.push(...options.history);
    if (options.usage) Object.assign(this.total, { inputTokens: options.usage.inputTokens, outputTokens: options.usage.outputTokens });
    this.router = new ToolRouter(options.servers, { provider: options.model.toolFormat });
    this.servers = new Map(options.servers.map((server) => [server.name, server]));
  }

  /**
   * Reads every server's `tools` again (after `notifications/tools/list_changed`): the next model
   * request offers the new list, and a call to a tool that is gone is refused as unknown.
   */
  refreshTools(): void {
    this.router = new ToolRouter(this.options.servers, { provider: this.options.model.toolFormat });
  }

  /** Every tool the policy lets the model see: provider name, qualified name, the MCP tool, and whether a call is asked first. */
  tools(): Array<{ name: string; qualifiedName: string; server: string; tool: McpTool; asksFirst: boolean }> {
    return this.router
      .list()
      .filter((entry) => this.allowed(entry.qualifiedName))
      .map((entry) => ({ ...entry, asksFirst: !this.runsUnasked(entry.server, entry.tool) }));
  }

  /** Sends one user message and runs the loop until the model answers, `maxSteps`, or `signal`. */
  async send(text: string, options: { signal?: AbortSignal } = {}): Promise<TurnOutcome> {
    const start = this.messages.length;
    this.messages.push({ role: "user", text });
    const maxSteps = this.options.maxSteps ?? DEFAULT_MAX_STEPS;
    const invalid = { count: 0 };
    const usage = { inputTokens: 0, outputTokens: 0, reported: false };
    for (let step = 1; step <= maxSteps; step++) {
      const changed = await Promise.all(this.options.servers.map((server) => server.refreshTools?.() ?? false));
      if (changed.includes(true)) this.refreshTools();
      const tools = this.toolsForRequest();
      this.emit({ type: "request", step, toolCount: tools.length, ...sizeOf(tools) });
      let turn: ModelTurn;
      try {
        turn = await this.options.model.complete({
          ...(this.options.system !== undefined && { system: this.options.system }),
          messages: this.messages,
          tools,
          ...(options.signal && { signal: options.signal }),
          ...(this.options.stream && { onText: (text: string) => this.emit({ type: "delta", step, text }) }),
        });
      } catch (error) {
        // Cancelled in the first request, the turn is taken back; later, the tools that already
        // ran stay in the conversation: their side effects happened, and the model must hear of them.
        if (options.signal?.aborted) return this.cancelled(step - 1, step === 1 ? start : undefined);
        // A turn whose first request failed is taken back, so the next message starts clean; the
        // results of tools that already ran are kept (they happened, and the model may read
        // them next time), and the transcript says why the turn ended.
        if (step === 1) this.messages.length = start;
        this.emit({ type: "stopped", reason: "failed", message: error instanceof Error ? error.message : String(error) });
        throw error;
      }
      // A stream cut by the user may end quietly (the openai SDK's does) rather than throw.
      if (options.signal?.aborted) return this.cancelled(step - 1, step === 1 ? start : undefined);
      this.messages.push({ role: "model", turn });
      if (turn.usage) this.count(turn.usage, step, usage);
      if (turn.text) this.emit({ type: "text", step, text: turn.text, final: !turn.calls.length && !turn.incomplete });
      if (turn.incomplete) return this.incomplete(turn, step, usage);
      if (!turn.calls.length) {
        this.emit({ type: "answer", text: turn.text, steps: step });
        return { answer: turn.text, steps: step, ...usageOf(usage) };
      }
      const results: ToolResultMessage[] = [];
      if (step === maxSteps) {
        // Nobody would read these results: no model request is left in this turn.
        for (const call of turn.calls) results.push(this.notRun(call, step, `Not run: the turn reached --max-steps ${maxSteps} before this call.`));
        this.messages.push({ role: "tools", results });
        break;
      }
      for (const call of turn.calls) results.push(await this.handle(call, step, invalid, options.signal));
      this.messages.push({ role: "tools", results });
      if (options.signal?.aborted) return this.cancelled(step);
      const maxInvalid = this.options.maxInvalidCalls ?? DEFAULT_MAX_INVALID_CALLS;
      if (invalid.count >= maxInvalid) {
        const message = `Stopped: the model proposed ${invalid.count} calls with invalid arguments in this turn (the limit is ${maxInvalid}).`;
        this.emit({ type: "stopped", reason: "invalid-limit", message });
        return { stopped: "invalid-limit", steps: step, ...usageOf(usage) };
      }
    }
    const message = `Stopped after ${maxSteps} model requests without an answer (--max-steps ${maxSteps}): the model kept calling tools.`;
    this.emit({ type: "stopped", reason: "step-limit", message });
    return { stopped: "step-limit", steps: maxSteps, ...usageOf(usage) };
  }

  /** Tokens of every request so far, as the provider reported them. */
  get usage(): TokenUsage {
    return { ...this.total };
  }

  private count(used: TokenUsage, step: number, turn: TurnUsage): void {
    turn.reported = true;
    turn.inputTokens += used.inputTokens;
    turn.outputTokens += used.outputTokens;
    this.total.inputTokens += used.inputTokens;
    this.total.outputTokens += used.outputTokens;
    this.emit({ type: "usage", step, ...used, turn: usageOf(turn).usage!, total: { ...this.total } });
  }

  private incomplete(turn: ModelTurn, step: number, usage: TurnUsage): TurnOutcome {
    const said = turn.stopReason ? ` (${turn.stopReason})` : "";
    const message =
      turn.incomplete === "length"
        ? `The answer was cut short: the model reached its output limit${said}. Raise --max-tokens, or ask for less.`
        : `The provider withheld the answer${said}: its safety filter stopped it.`;
    // Calls in a cut-off turn may be cut off too: none runs, and the model is told so next time.
    if (turn.calls.length) {
      this.messages.push({ role: "tools", results: turn.calls.map((call) => this.notRun(call, step, `Not run: ${message}`)) });
    }
    this.emit({ type: "stopped", reason: turn.incomplete!, message });
    return { stopped: turn.incomplete!, steps: step, ...usageOf(usage), ...(turn.text && { partial: turn.text }) };
  }

  private notRun(call: ProposedCall, step: number, reason: string): ToolResultMessage {
    this.emit({ type: "call", step, id: call.id, name: call.name, arguments: argumentsOf(call) });
    this.emit({ type: "decision", id: call.id, decision: "refused", reason, by: "host" });
    this.emit({ type: "result", id: call.id, isError: true, text: reason });
    return { callId: call.id, name: call.name, content: reason, isError: true };
  }

  private cancelled(steps: number, rollbackTo?: number): TurnOutcome {
    if (rollbackTo !== undefined) this.messages.length = rollbackTo;
    this.emit({ type: "stopped", reason: "cancelled", message: "Cancelled." });
    return { stopped: "cancelled", steps };
  }

  private toolsForRequest(): unknown[] {
    const catalog = this.codeCatalog();
    const code = catalog ? catalog.definitions().map((tool) => toProviderTool(this.options.model.toolFormat, tool, { name: tool.name })) : [];
    const visible = this.tools().filter((entry) => !this.isCodeServer(entry.server));
    if (!this.options.lazyTools) return [...code, ...visible.map((entry) => this.router.definition(entry.name))];
    const meta = toLazyTools().map((tool) => toProviderTool(this.options.model.toolFormat, tool, { name: tool.name }));
    return [...code, ...meta, ...visible.filter((entry) => this.loaded.has(entry.name)).map((entry) => this.router.definition(entry.name))];
  }

  private isCodeServer(server: string): boolean {
    const code = this.options.code;
    return code !== undefined && (code.servers === undefined || code.servers.includes(server));
  }

  // Built from what the policy lets the model see, again after the tools changed.
  private codeCatalog(): CodeModeCatalog | undefined {
    if (!this.options.code) return undefined;
    const visible = this.tools();
    const servers = this.options.servers
      .filter((server) => this.isCodeServer(server.name))
      .map((server) => ({ name: server.name, tools: server.tools.filter((tool) => visible.some((e) => e.server === server.name && e.tool === tool)) }));
    const key = servers.map((s) => `${s.name}:${s.tools.map((t) => t.name).join(",")}`).join(";");
    if (this.catalog?.key !== key) this.catalog = { key, value: new CodeModeCatalog(servers) };
    return this.catalog.value;
  }

  private async handle(call: ProposedCall, step: number, invalid: { count: number }, signal: AbortSignal | undefined): Promise<ToolResultMessage> {
    const reply = (isError: boolean, content: string, result?: McpCallResult): ToolResultMessage => {
      this.emit({ type: "result", id: call.id, isError, text: content, ...(result && { result }) });
      return { callId: call.id, name: call.name, content, isError };
    };
    const refuse = (decision: "unknown" | "invalid" | "refused", by: "policy" | "consent" | "schema" | "host", reason: string) => {
      this.emit({ type: "decision", id: call.id, decision, reason, by });
      return reply(true, reason);
    };
    if (signal?.aborted) {
      this.emit({ type: "call", step, id: call.id, name: call.name, arguments: argumentsOf(call) });
      return refuse("refused", "host", "Not run: the user cancelled the turn.");
    }
    if (this.options.lazyTools && call.name === SCHEMA_TOOL_NAME) return this.loadSchema(call, step, reply, refuse);
    if (this.options.lazyTools && call.name === FIND_TOOL_NAME) return this.findTools(call, step, reply);
    const catalog = this.codeCatalog();
    if (catalog && Object.values(CODE_TOOL_NAMES).includes(call.name as never)) return this.codeTool(catalog, call, step, reply, signal);
    let routed: RoutedCall;
    try {
      routed = this.router.resolve(call.name, call.arguments);
    } catch (error) {
      this.emit({ type: "call", step, id: call.id, name: call.name, arguments: argumentsOf(call) });
      if (!(error instanceof HostError)) throw error;
      if (error.code === "HOST_ARGUMENT_INVALID") invalid.count++;
      const known =
        this.tools()
          .map((entry) => entry.name)
          .join(", ") || "none";
      return error.code === "HOST_TOOL_NOT_FOUND"
        ? refuse("unknown", "host", `There is no tool named "${call.name}". The tools are: ${known}.`)
        : refuse("invalid", "schema", error.message);
    }
    this.emit({ type: "call", step, id: call.id, name: call.name, qualifiedName: routed.qualifiedName, arguments: routed.arguments });
    const outcome = await this.runChecked(routed, call.id, invalid, signal);
    return { callId: call.id, name: call.name, content: outcome.text, isError: outcome.isError };
  }

  /**
   * The checks every call passes, proposed by the model or made by a program in code mode:
   * policy, the input schema, consent; then the call. Emits the decision and the result.
   */
  private async runChecked(
    routed: RoutedCall,
    id: string,
    invalid: { count: number },
    signal: AbortSignal | undefined,
  ): Promise<{ isError: boolean; text: string; result?: McpCallResult }> {
    const reply = (isError: boolean, text: string, result?: McpCallResult) => {
      this.emit({ type: "result", id, isError, text, ...(result && { result }) });
      return { isError, text, ...(result && { result }) };
    };
    const refuse = (decision: "invalid" | "refused", by: "policy" | "consent" | "schema", reason: string) => {
      this.emit({ type: "decision", id, decision, reason, by });
      return reply(true, reason);
    };
    const policyReason = this.options.policy && checkToolPolicy(routed.qualifiedName, this.options.policy);
    if (policyReason) return refuse("refused", "policy", `The host refused to call ${routed.qualifiedName}: ${policyReason}. Do not try it again.`);
    const server = this.servers.get(routed.server)!;
    const tool = server.tools.find((t) => t.name === routed.tool)!;
    const problems = await validateCallArguments(tool, routed.arguments);
    if (problems.length) {
      invalid.count++;
      return refuse(
        "invalid",
        "schema",
        `Not sent: the arguments for ${routed.qualifiedName} do not fit its input schema:\n${problems.map((p) => `- ${p}`).join("\n")}\nCorrect them and call again.`,
      );
    }
    const consent = await this.askConsent(routed, tool);
    if (consent !== undefined) return refuse("refused", "consent", consent);
    this.emit({ type: "decision", id, decision: "run" });
    let result: McpCallResult;
    try {
      result = await server.call(routed.tool, routed.arguments, { ...(signal && { signal }) });
    } catch (error) {
      if (signal?.aborted) return reply(true, "Cancelled by the user while it ran.");
      if (!(error instanceof HostError)) throw error;
      return reply(true, `The call failed: ${error.message}`);
    }
    return reply(result.isError === true, callResultText(result), result);
  }

  // search_tools, get_declarations, run_program: answered by the host, the last through the sandbox.
  private async codeTool(
    catalog: CodeModeCatalog,
    call: ProposedCall,
    step: number,
    reply: (isError: boolean, content: string) => ToolResultMessage,
    signal: AbortSignal | undefined,
  ): Promise<ToolResultMessage> {
    const args = (typeof call.arguments === "string" ? safeJson(call.arguments) : call.arguments) as Record<string, unknown> | undefined;
    this.emit({ type: "call", step, id: call.id, name: call.name, arguments: args });
    if (call.name === CODE_TOOL_NAMES.search) {
      this.emit({ type: "decision", id: call.id, decision: "answered" });
      return reply(false, catalog.search(String(args?.query ?? "")));
    }
    if (call.name === CODE_TOOL_NAMES.declarations) {
      this.emit({ type: "decision", id: call.id, decision: "answered" });
      const names = Array.isArray(args?.names) ? args.names.map(String) : [];
      const { text, unknown } = catalog.declarations(names);
      const missing = unknown.length ? `\n// Not found: ${unknown.join(", ")}. Namespaces: ${Object.keys(catalog.namespaces()).join(", ")}.` : "";
      return reply(!text, `${text}${missing}`.trim());
    }
    const code = typeof args?.code === "string" ? args.code : "";
    if (!code.trim()) {
      this.emit({ type: "decision", id: call.id, decision: "invalid", reason: "No program.", by: "schema" });
      return reply(true, 'run_program needs "code": the program to run.');
    }
    this.emit({ type: "decision", id: call.id, decision: "run" });
    let inner = 0;
    const onCall = async (qualifiedName: string, callArgs: unknown): Promise<BridgeAnswer> => {
      const binding = catalog.binding(qualifiedName);
      const id = `${call.id}#${++inner}`;
      this.emit({ type: "call", step, id, name: qualifiedName, qualifiedName, arguments: callArgs });
      if (!binding) return { ok: false, message: `There is no tool ${qualifiedName}.` };
      if (typeof callArgs !== "object" || callArgs === null || Array.isArray(callArgs)) {
        this.emit({ type: "decision", id, decision: "invalid", reason: "not an object", by: "schema" });
        return { ok: false, message: `The arguments for ${qualifiedName} must be an object.` };
      }
      const routed = { server: binding.server, tool: binding.tool, qualifiedName, arguments: callArgs as Record<string, unknown> };
      const outcome = await this.runChecked(routed, id, { count: 0 }, signal);
      if (outcome.isError) return { ok: false, message: outcome.text || `${qualifiedName} failed.` };
      return { ok: true, value: binding.structured ? (outcome.result?.structuredContent ?? null) : outcome.result };
    };
    const language = args?.language === "javascript" ? "javascript" : "typescript";
    const ran = await this.options.code!.sandbox.run({
      code,
      language,
      declarations: catalog.declarations().text,
      namespaces: catalog.namespaces(),
      onCall,
      ...(signal && { signal }),
    });
    if (!ran.failure) return reply(false, ran.output || "(The program printed nothing.)");
    const printed = ran.output ? `\nIt printed before it stopped:\n${ran.output}` : "";
    return reply(true, `${ran.failure.message}${printed}`);
  }

  // Undefined when the call may run; otherwise the reason it may not.
  private async askConsent(routed: RoutedCall, tool: McpTool): Promise<string | undefined> {
    if (this.runsUnasked(routed.server, tool) || this.approvedAlways.has(routed.qualifiedName)) return undefined;
    if (!this.options.consent) return `The host refused to call ${routed.qualifiedName}: there is no one to approve it.`;
    const answer = await this.options.consent({ qualifiedName: routed.qualifiedName, server: routed.server, arguments: routed.arguments, tool });
    if (answer === "always") this.approvedAlways.add(routed.qualifiedName);
    if (typeof answer === "object") return answer.refuse;
    return answer === "no" ? `The user did not approve this call to ${routed.qualifiedName}.` : undefined;
  }

  private loadSchema(
    call: ProposedCall,
    step: number,
    reply: (isError: boolean, content: string) => ToolResultMessage,
    refuse: (d: "unknown", by: "host", reason: string) => ToolResultMessage,
  ): ToolResultMessage {
    const args = typeof call.arguments === "string" ? safeJson(call.arguments) : call.arguments;
    const name = (args as { name?: unknown } | null)?.name;
    this.emit({ type: "call", step, id: call.id, name: call.name, arguments: args });
    const entry = this.tools().find((e) => e.name === name || e.qualifiedName === name);
    if (!entry)
      return refuse(
        "unknown",
        "host",
        `There is no tool named "${String(name)}". The tools are: ${this.tools()
          .map((e) => e.name)
          .join(", ")}.`,
      );
    this.loaded.add(entry.name);
    this.emit({ type: "decision", id: call.id, decision: "answered" });
    return reply(false, JSON.stringify(this.router.definition(entry.name)));
  }

  // find_tools: the tools whose names and descriptions match, by the names the model calls them.
  private findTools(call: ProposedCall, step: number, reply: (isError: boolean, content: string) => ToolResultMessage): ToolResultMessage {
    const args = (typeof call.arguments === "string" ? safeJson(call.arguments) : call.arguments) as { query?: unknown } | undefined;
    this.emit({ type: "call", step, id: call.id, name: call.name, arguments: args });
    this.emit({ type: "decision", id: call.id, decision: "answered" });
    const query = String(args?.query ?? "");
    const visible = this.tools().filter((entry) => !this.isCodeServer(entry.server));
    const summaries = this.router.summaries().filter((summary) => visible.some((entry) => entry.name === summary.name));
    const found = searchTools(summaries, query, 15);
    return reply(false, found.length ? found.map((s) => `${s.name}: ${s.description}`).join("\n") : `No tool matches "${query}". Try other words.`);
  }

  private runsUnasked(server: string, tool: McpTool): boolean {
    return tool.annotations?.readOnlyHint === true && this.servers.get(server)?.trust === "read-only";
  }

  private allowed(qualifiedName: string): boolean {
    return this.options.policy === undefined || checkToolPolicy(qualifiedName, this.options.policy) === undefined;
  }

  private emit(event: ChatEvent): void {
    this.options.onEvent?.(event);
  }
}

// A turn's tokens so far, and whether the provider reported any (a scripted model may not).
type TurnUsage = { inputTokens: number; outputTokens: number; reported: boolean };

function usageOf(turn: TurnUsage): { usage?: TokenUsage } {
  return turn.reported ? { usage: { inputTokens: turn.inputTokens, outputTokens: turn.outputTokens } } : {};
}

function sizeOf(tools: readonly unknown[]): { toolBytes: number; toolTokens: number } {
  const { bytes, tokens } = toolDefinitionsSize(tools);
  return { toolBytes: bytes, toolTokens: tokens };
}

// A call's arguments as the transcript shows them: OpenAI's JSON text parsed (else shown as the
// text itself would be encoded twice), whether or not the call could be routed.
function argumentsOf(call: ProposedCall): unknown {
  if (typeof call.arguments !== "string") return call.arguments;
  return safeJson(call.arguments) ?? call.arguments;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
