import { answerSkillTool, isSkillTool, READ_SKILL_TOOL, toSkillTools } from "./skill-tools.js";
import type { McpSkill } from "../mcp-skill.js";
import { callResultText } from "../call-result-text.js";
import { CODE_TOOL_NAMES, CodeModeCatalog } from "../code-mode/code-mode-tools.js";
import { KeptValues } from "../code-mode/kept-values.js";
import { HostError } from "../../errors/host-error.js";
import type { McpCallResult, McpTool } from "../mcp-tool.js";
import type { ChatMessage, ModelTurn, ProposedCall, TokenUsage, ToolResultMessage } from "../models/model-adapter.js";
import { toProviderTool } from "../to-provider-tool.js";
import { checkToolPolicy } from "../tool-policy.js";
import { qualifyName } from "../qualified-name.js";
import { ToolRouter, type RoutedCall } from "../tool-router.js";
import { argumentsOf } from "./call-arguments.js";
import type { ChatEvent, TurnOutcome } from "./chat-events.js";
import type { ChatServer, ChatSessionOptions } from "./chat-types.js";
import { answerCodeTool } from "./code-tool-call.js";
import type { CheckedOutcome, HostAnsweredCall } from "./host-answered-call.js";
import { answerFindTool, answerSchemaTool } from "./lazy-tool-calls.js";
import { FIND_TOOL_NAME, SCHEMA_TOOL_NAME, toLazyTools } from "./lazy-tools.js";
import { answerResourceTool, DEFAULT_RESOURCE_CHARS, isResourceTool, READ_RESOURCE_TOOL, toResourceTools } from "./resource-tools.js";
import { addUsage, sizeOf, usageOf, type TurnUsage } from "./turn-usage.js";
import { validateCallArguments } from "./validate-call-arguments.js";
import { toToolResultMessage } from "./tool-result-message.js";

export type { ChatServer, ChatSessionOptions, ConsentAnswer, ConsentRequest } from "./chat-types.js";

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
  // What code mode's programs keep for later ones: this session's, gone with it.
  private readonly kept = new KeptValues();
  private readonly total: { inputTokens: number; outputTokens: number; cachedInputTokens?: number } = { inputTokens: 0, outputTokens: 0 };

  constructor(private readonly options: ChatSessionOptions) {
    if (options.history) this.messages.push(...options.history);
    if (options.usage) addUsage(this.total, options.usage);
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
          messages: this.codeCatalog()?.used.view(this.messages) ?? this.messages,
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
    addUsage(turn, used);
    addUsage(this.total, used);
    this.emit({ type: "usage", step, ...used, turn: usageOf(turn).usage!, total: { ...this.total } });
  }

  private incomplete(turn: ModelTurn, step: number, usage: TurnUsage): TurnOutcome {
    const said = turn.stopReason ? ` (${turn.stopReason})` : "";
    const message =
      turn.incomplete === "length"
        ? `The answer was cut short: the model reached its output limit${said}. Raise --max-tokens, or ask for less.`
        : turn.stopReason === "refusal"
          ? // The model itself declined (Anthropic's and OpenAI's "refusal"): no filter was involved.
            `The model declined to answer${said}. Rephrase the request, or ask for something else.`
          : `The provider withheld the answer${said}: its content filter stopped it.`;
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
    const format = this.options.model.toolFormat;
    const catalog = this.codeCatalog();
    const host = [
      ...(catalog ? catalog.definitions() : []),
      ...(this.options.readResources ? toResourceTools() : []),
      ...(this.options.readSkills ? toSkillTools() : []),
    ];
    const own = host.map((tool) => toProviderTool(format, tool, { name: tool.name }));
    const visible = this.tools().filter((entry) => !this.isCodeServer(entry.server));
    if (!this.options.lazyTools) return [...own, ...visible.map((entry) => this.router.definition(entry.name))];
    const meta = toLazyTools().map((tool) => toProviderTool(format, tool, { name: tool.name }));
    return [...own, ...meta, ...visible.filter((entry) => this.loaded.has(entry.name)).map((entry) => this.router.definition(entry.name))];
  }

  private isCodeServer(server: string): boolean {
    const code = this.options.code;
    return code !== undefined && (code.servers === undefined || code.servers.includes(server));
  }

  // Built from what the policy lets the model see, again after the tools changed.
  private codeCatalog(): CodeModeCatalog | undefined {
    if (!this.options.code) return undefined;
    const visible = this.tools();
    const shown = (server: string, tool: McpTool) => visible.some((e) => e.server === server && e.tool === tool);
    const code = this.options.servers.filter((server) => this.isCodeServer(server.name));
    const servers = code.map((server) => ({ name: server.name, tools: server.tools.filter((tool) => shown(server.name, tool)) }));
    const key = servers.map((s) => `${s.name}:${s.tools.map((t) => t.name).join(",")}`).join(";");
    if (this.catalog?.key === key) return this.catalog.value;
    // What the policy hides, with its reason: a program that reaches for one is told why it is missing.
    const hidden = code.flatMap((server) =>
      server.tools
        .filter((tool) => !shown(server.name, tool))
        .map((tool) => ({
          server: server.name,
          tool: tool.name,
          reason: (this.options.policy && checkToolPolicy(qualifyName(server.name, tool.name), this.options.policy)) || "the host's policy leaves it out",
        })),
    );
    this.catalog = { key, value: new CodeModeCatalog(servers, hidden) };
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
    const host: HostAnsweredCall = {
      call,
      step,
      signal,
      emit: (event) => this.emit(event),
      reply,
      runChecked: (routed, id) => this.runChecked(routed, id, { count: 0 }, signal),
    };
    if (this.options.lazyTools && call.name === SCHEMA_TOOL_NAME) return answerSchemaTool(host, this.tools(), this.router, this.loaded);
    if (this.options.lazyTools && call.name === FIND_TOOL_NAME)
      return answerFindTool(
        host,
        this.tools().filter((entry) => !this.isCodeServer(entry.server)),
        this.router,
      );
    if (this.options.readResources && isResourceTool(call.name)) {
      const maxChars = (typeof this.options.readResources === "object" && this.options.readResources.maxChars) || DEFAULT_RESOURCE_CHARS;
      return answerResourceTool(host, this.options.servers, (server, uri) => this.askReadConsent(server, uri), maxChars);
    }
    if (this.options.readSkills && isSkillTool(call.name)) {
      const maxChars = (typeof this.options.readSkills === "object" && this.options.readSkills.maxChars) || DEFAULT_RESOURCE_CHARS;
      return answerSkillTool(host, this.options.servers, (server, skill) => this.askSkillConsent(server, skill), maxChars);
    }
    const catalog = this.codeCatalog();
    if (catalog && Object.values(CODE_TOOL_NAMES).includes(call.name as never)) return answerCodeTool(host, catalog, this.options.code!.sandbox, this.kept);
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
    return toToolResultMessage(call, outcome, this.servers.get(routed.server)!, Boolean(this.options.readResources));
  }

  /**
   * The checks every call passes, proposed by the model or made by a program in code mode:
   * policy, the input schema, consent; then the call. Emits the decision and the result.
   */
  private async runChecked(routed: RoutedCall, id: string, invalid: { count: number }, signal: AbortSignal | undefined): Promise<CheckedOutcome> {
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

  // Undefined when the call may run; otherwise the reason it may not.
  private async askConsent(routed: RoutedCall, tool: McpTool): Promise<string | undefined> {
    if (this.runsUnasked(routed.server, tool) || this.approvedAlways.has(routed.qualifiedName)) return undefined;
    if (!this.options.consent) return `The host refused to call ${routed.qualifiedName}: there is no one to approve it.`;
    const answer = await this.options.consent({ qualifiedName: routed.qualifiedName, server: routed.server, arguments: routed.arguments, tool });
    if (answer === "always") this.approvedAlways.add(routed.qualifiedName);
    if (typeof answer === "object") return answer.refuse;
    return answer === "no" ? `The user did not approve this call to ${routed.qualifiedName}.` : undefined;
  }

  // A read of a resource by the model: unasked from a trusted server, else asked like a call.
  private async askReadConsent(server: string, uri: string): Promise<string | undefined> {
    const always = `resources of ${server}`;
    if (this.servers.get(server)?.trust === "read-only" || this.approvedAlways.has(always)) return undefined;
    const what = `${server}:${uri}`;
    if (!this.options.consent) return `The host refused to read ${what}: there is no one to approve it.`;
    const tool = toResourceTools().find((t) => t.name === READ_RESOURCE_TOOL)!;
    const answer = await this.options.consent({ qualifiedName: READ_RESOURCE_TOOL, server, arguments: { server, uri }, tool, resource: uri });
    if (answer === "always") this.approvedAlways.add(always);
    if (typeof answer === "object") return answer.refuse;
    return answer === "no" ? `The user did not let the model read ${what}.` : undefined;
  }

  // Approval is per skill (SEP-2640): "always" covers this skill of this server, not its others.
  private async askSkillConsent(server: string, skill: McpSkill): Promise<string | undefined> {
    const always = `skill ${server} ${skill.uri}`;
    if (this.servers.get(server)?.trust === "read-only" || this.approvedAlways.has(always)) return undefined;
    const what = `the skill ${skill.frontmatter.name} of ${server}`;
    if (!this.options.consent) return `The host refused to load ${what}: there is no one to approve it.`;
    const tool = toSkillTools().find((t) => t.name === READ_SKILL_TOOL)!;
    const answer = await this.options.consent({ qualifiedName: READ_SKILL_TOOL, server, arguments: { server, skill: skill.uri }, tool, resource: skill.uri });
    if (answer === "always") this.approvedAlways.add(always);
    if (typeof answer === "object") return answer.refuse;
    return answer === "no" ? `The user did not let the model load ${what}.` : undefined;
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
