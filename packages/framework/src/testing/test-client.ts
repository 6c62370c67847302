import type { ResourceContents, LogLevel } from "../runtime/context.js";
import type { McpCallResult, McpTool } from "../host/mcp-tool.js";
import type { ResultPlan } from "../definitions/tool-definition.js";
import type { TaskStatus } from "../runtime/tasks/task-store.js";
import type { CallOptions, LinkedClient, ReceivedNotification } from "./sdk-client.js";
import { ToolCallError } from "./tool-call-error.js";
import type { SkillEntry } from "../runtime/skills/skill-entry.js";

/** The cache fields of a skills answer (2026-07-28 only). */
interface SkillsAnswer {
  readonly ttlMs?: number;
  readonly cacheScope?: "public" | "private";
}

/** A tool's input or output schema, typed for reading in a test. */
export interface ToolSchema {
  readonly type: "object";
  readonly properties?: { readonly [name: string]: { readonly [keyword: string]: any } };
  readonly required?: readonly string[];
  readonly [keyword: string]: unknown;
}

/** One tool as `tools/list` returns it. */
export interface ListedTool extends McpTool {
  readonly inputSchema: ToolSchema;
  readonly outputSchema?: ToolSchema;
  /** What the server adds for hosts: `ui.resourceUri` names the tool's view (MCP Apps, with `connect(…, { views: true })`). */
  readonly _meta?: { readonly ui?: { readonly resourceUri?: string }; readonly [key: string]: unknown };
}

/** A tool's view as a host reads it (MCP Apps): its page and the policy it declares. */
export interface ToolViewPage {
  readonly uri: string;
  readonly mimeType: string;
  /** The whole self-contained page. */
  readonly html: string;
  /** `_meta.ui` of the page: its `csp` and `prefersBorder`. */
  readonly ui: { readonly csp?: Record<string, string[]>; readonly prefersBorder?: boolean };
}

/** One `notifications/message` the server sent. */
export interface LogEntry {
  readonly level: LogLevel;
  readonly logger?: string;
  readonly data: unknown;
}

/** A message of a prompt, as `prompts/get` returns it. */
export interface PromptMessage {
  readonly role: "user" | "assistant";
  readonly content: { readonly type: string; readonly text?: string; readonly [field: string]: unknown };
}

/** A task as the server reports it; 2025-11-25's field names (`ttl`, `pollInterval`) read as 2026-07-28's. */
export interface TaskInfo {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  readonly createdAt: string;
  readonly lastUpdatedAt: string;
  /** How long the task and its result are kept after it started (ms); null for unlimited. */
  readonly ttlMs: number | null;
  readonly pollIntervalMs?: number;
  /** 2026-07-28, while `input_required`: the questions the task waits on, by key (answer with `answerTask`). */
  readonly inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
  /** 2026-07-28, once `completed`: the tool's result. */
  readonly result?: McpCallResult;
  /** 2026-07-28, once `failed`: the JSON-RPC error the task ended with. */
  readonly error?: { code: number; message: string; data?: unknown };
}

/** What the server declares about itself in the `initialize` handshake. */
export interface ServerDetails {
  readonly name: string;
  readonly version: string;
  readonly title?: string;
  readonly instructions?: string;
  readonly capabilities: Record<string, unknown>;
  /** The protocol revision the connection speaks (`2025-11-25` or `2026-07-28`). */
  readonly protocolVersion: string;
}

/**
 * An MCP client connected in memory to one server, made by `connect()`. Each method sends a
 * real JSON-RPC request through the SDK's client, so arguments are validated against the
 * derived schema and structured results against the output schema, as a host would see them.
 */
export class TestClient {
  /** Every notification the server sent, in order (log messages, progress, list changes, resource updates). */
  readonly notifications: ReceivedNotification[] = [];
  /** Every log message the server sent (`ctx.log.*`), in order. */
  readonly logs: LogEntry[] = [];
  private listed = false;

  /** @internal Made by `connect()`. */
  constructor(
    private readonly client: LinkedClient,
    private readonly resultPlan: (tool: string) => ResultPlan | undefined,
    private readonly viewsDeclared = false,
  ) {}

  /** @internal Records what the server sent. */
  receive(notification: ReceivedNotification): void {
    this.notifications.push(notification);
    if (notification.method === "notifications/message") this.logs.push(notification.params as unknown as LogEntry);
    if (notification.method === "notifications/tools/list_changed") this.listed = false;
  }

  /** Who the server says it is, its instructions and capabilities. */
  get server(): ServerDetails {
    const info = this.client.serverInfo();
    const instructions = this.client.instructions();
    return {
      name: info?.name ?? "",
      version: info?.version ?? "",
      ...(info?.title === undefined ? {} : { title: info.title }),
      ...(instructions === undefined ? {} : { instructions }),
      capabilities: this.client.serverCapabilities() ?? {},
      protocolVersion: this.client.protocolVersion ?? "",
    };
  }

  /** The tools the server lists, exactly as a host receives them. */
  async listTools(): Promise<ListedTool[]> {
    const { tools } = await this.client.request("tools/list", undefined);
    this.listed = true;
    return tools as ListedTool[];
  }

  /**
   * The view of tool `name` as a host that renders views reads it: the `ui://` page its
   * `_meta.ui.resourceUri` names. Throws when the tool lists no view (connect with `views: true`).
   */
  async view(name: string): Promise<ToolViewPage> {
    const uri = (await this.tool(name))._meta?.ui?.resourceUri;
    if (!uri) throw new Error(`Tool "${name}" lists no view${this.viewsDeclared ? "" : ": connect with { views: true }, as a host that renders views"}.`);
    const [page] = (await this.client.request("resources/read", { uri })).contents as Array<{
      uri: string;
      mimeType: string;
      text: string;
      _meta?: { ui?: ToolViewPage["ui"] };
    }>;
    if (!page) throw new Error(`Reading ${uri} returned no contents.`);
    return { uri: page.uri, mimeType: page.mimeType, html: page.text, ui: page._meta?.ui ?? {} };
  }

  /** One tool's definition; throws when the server does not list it. */
  async tool(name: string): Promise<ListedTool> {
    const tools = await this.listTools();
    const found = tools.find((t) => t.name === name);
    if (!found) throw new Error(`The server lists no tool "${name}"; it lists: ${tools.map((t) => t.name).join(", ") || "none"}.`);
    return found;
  }

  /**
   * Calls tool `name` and returns its value: the structured result as the method returned it
   * (unwrapped from `{ result }` for primitives and arrays), or the text for a text-only result.
   * Throws a `ToolCallError` carrying the error text when the result is an error.
   *
   * @example
   * ```ts
   * expect(await client.call("add", { a: 2, b: 3 })).toBe(5);
   * ```
   */
  async call(name: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<unknown> {
    const result = await this.callResult(name, args, options);
    if (result.isError) throw new ToolCallError(name, textOf(result));
    const structured = result.structuredContent;
    if (structured !== undefined) return this.resultPlan(name) === "wrap" ? structured.result : structured;
    const content = result.content ?? [];
    if (content.length === 0) return undefined;
    if (content.every((block) => block.type === "text")) return content.map((block) => block.text).join("\n");
    return content;
  }

  /**
   * Calls tool `name` expecting it to fail, and returns the error text a model would read.
   * Throws when the call succeeds.
   *
   * @example
   * ```ts
   * expect(await client.callError("divide", { a: 1, b: 0 })).toMatch(/zero/);
   * ```
   */
  async callError(name: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<string> {
    const result = await this.callResult(name, args, options);
    if (!result.isError) throw new Error(`Expected tool "${name}" to fail, but it returned ${JSON.stringify(result.structuredContent ?? result.content)}.`);
    return textOf(result);
  }

  /** Calls tool `name` and returns the whole `tools/call` result: content blocks, structured content, `isError`. */
  async callResult(name: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<McpCallResult> {
    // The SDK client checks structured content against the output schema it last listed.
    if (!this.listed) await this.listTools();
    return (await this.client.request("tools/call", { name, arguments: args }, options)) as McpCallResult;
  }

  /**
   * Calls tool `name` as a task (a tool with `@tool({ task })`) and returns the new task at once:
   * 2025-11-25 asks for one with `params.task`, 2026-07-28 declares the Tasks extension on the
   * request. Throws when the server answers with a plain result instead.
   *
   * @example
   * ```ts
   * const task = await client.startTask("export", { rows: 1000 });
   * expect(await client.taskResult(task.taskId)).toMatchObject({ isError: false });
   * ```
   */
  async startTask(name: string, args: Record<string, unknown> = {}, options: { ttlMs?: number } = {}): Promise<TaskInfo> {
    const is2025 = !this.is2026;
    const params = { name, arguments: args, ...(is2025 ? { task: options.ttlMs === undefined ? {} : { ttl: options.ttlMs } } : {}) };
    let result = await this.client.raw("tools/call", params);
    // 2026-07-28: a tool may ask first (input rounds of the call itself), then become a task.
    for (let round = 0; result.resultType === "input_required" && round < 10; round++) {
      const inputResponses = await this.client.fulfil(result.inputRequests ?? {});
      result = await this.client.raw("tools/call", {
        ...params,
        inputResponses,
        ...(result.requestState === undefined ? {} : { requestState: result.requestState }),
      });
    }
    const task = is2025 ? result.task : result.resultType === "task" ? result : undefined;
    if (!task) throw new Error(`Tool "${name}" answered at once instead of starting a task: ${JSON.stringify(result).slice(0, 300)}`);
    return toTaskInfo(task);
  }

  /** The task's current state (`tasks/get`); rejects with -32602 for an unknown or expired task. */
  async getTask(taskId: string): Promise<TaskInfo> {
    return toTaskInfo(await this.client.raw("tasks/get", { taskId }));
  }

  /** 2026-07-28: answers questions of a task in `input_required` (`tasks/update`), by their `inputRequests` key. */
  async answerTask(taskId: string, inputResponses: Record<string, unknown>): Promise<void> {
    if (!this.is2026) throw new Error("tasks/update belongs to protocol 2026-07-28; a 2025-11-25 task cannot take input.");
    await this.client.raw("tasks/update", { taskId, inputResponses });
  }

  /** Cancels a task (`tasks/cancel`). */
  async cancelTask(taskId: string): Promise<void> {
    await this.client.raw("tasks/cancel", { taskId });
  }

  /**
   * Waits for the task to finish and returns the tool's result (2025-11-25: `tasks/result`;
   * 2026-07-28: polls `tasks/get`). Rejects with the JSON-RPC error of a failed task, and for a
   * cancelled one.
   */
  async taskResult(taskId: string, options: { timeoutMs?: number } = {}): Promise<McpCallResult> {
    if (!this.is2026) return (await this.client.raw("tasks/result", { taskId })) as McpCallResult;
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const task = await this.getTask(taskId);
      if (task.status === "completed") return task.result!;
      if (task.status === "failed")
        throw Object.assign(new Error(`MCP error ${task.error?.code}: ${task.error?.message}`), { code: task.error?.code, data: task.error?.data });
      if (task.status === "cancelled") throw new Error(`Task ${taskId} was cancelled${task.statusMessage ? `: ${task.statusMessage}` : ""}.`);
      if (task.status === "input_required")
        throw new Error(`Task ${taskId} waits for input (${Object.keys(task.inputRequests ?? {}).join(", ")}): answer with answerTask().`);
      if (Date.now() > deadline) throw new Error(`Task ${taskId} did not finish within ${options.timeoutMs ?? 10_000} ms (status ${task.status}).`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(task.pollIntervalMs ?? 50, 50)));
    }
  }

  private get is2026(): boolean {
    return this.client.protocolVersion === "2026-07-28";
  }

  /** The static resources the server lists. */
  async listResources(): Promise<Array<{ uri: string; name: string; description?: string; mimeType?: string }>> {
    return (await this.client.request("resources/list", undefined)).resources;
  }

  /** The resource templates the server lists. */
  async listResourceTemplates(): Promise<Array<{ uriTemplate: string; name: string; description?: string; mimeType?: string }>> {
    return (await this.client.request("resources/templates/list", undefined)).resourceTemplates;
  }

  /** Reads resource `uri` and returns its contents; a protocol error (unknown URI) rejects. */
  async readResource(uri: string): Promise<ResourceContents[]> {
    return (await this.client.request("resources/read", { uri })).contents;
  }

  /** Reads resource `uri` and returns its text (several text contents joined by newlines). */
  async readText(uri: string): Promise<string> {
    const contents = await this.readResource(uri);
    return contents.map((c) => ("text" in c ? c.text : Buffer.from(c.blob, "base64").toString("utf8"))).join("\n");
  }

  /**
   * The server's skills (`skills/list`, the Skills extension): each entry's `uri`, verbatim
   * `frontmatter` and every file with its digest and size; on 2026-07-28 also `ttlMs` and `cacheScope`.
   */
  async listSkills(): Promise<SkillsAnswer & { skills: SkillEntry[] }> {
    return (await this.client.raw("skills/list", {})) as SkillsAnswer & { skills: SkillEntry[] };
  }

  /** One skill by the URI of its `SKILL.md` (`skills/get`); an unknown URI rejects with -32602. */
  async getSkill(uri: string): Promise<SkillEntry> {
    return (await this.client.raw("skills/get", { uri })).skill as SkillEntry;
  }

  /** The direct children of a skill directory (`resources/directory/read`), such as `skill://name`. */
  async readDirectory(uri: string): Promise<Array<{ uri: string; name: string; mimeType: string }>> {
    return (await this.client.raw("resources/directory/read", { uri })).resources;
  }

  /** Subscribes to updates of resource `uri`; they arrive in `notifications`. */
  async subscribe(uri: string): Promise<void> {
    await this.client.subscribe(uri);
  }

  /** The prompts the server lists. */
  async listPrompts(): Promise<Array<{ name: string; description?: string; arguments?: Array<{ name: string; description?: string; required?: boolean }> }>> {
    return (await this.client.request("prompts/list", undefined)).prompts;
  }

  /** Gets prompt `name` filled with `args` (string values, as MCP sends them). */
  async getPrompt(name: string, args: Record<string, string> = {}): Promise<{ description?: string; messages: PromptMessage[] }> {
    const { description, messages } = await this.client.request("prompts/get", { name, arguments: args });
    return { ...(description === undefined ? {} : { description }), messages };
  }

  /** Completion values for one argument of a prompt (`{ prompt: name }`) or resource template (`{ resource: uriTemplate }`). */
  async complete(
    ref: { prompt: string } | { resource: string },
    argument: string,
    value: string,
    context?: Record<string, string>,
  ): Promise<{ values: string[]; total?: number; hasMore?: boolean }> {
    const wireRef = "prompt" in ref ? { type: "ref/prompt", name: ref.prompt } : { type: "ref/resource", uri: ref.resource };
    const { completion } = await this.client.request("completion/complete", {
      ref: wireRef,
      argument: { name: argument, value },
      ...(context ? { context: { arguments: context } } : {}),
    });
    return completion;
  }

  /** Asks the server to send log messages at `level` and above (`logging/setLevel`). */
  async setLogLevel(level: LogLevel): Promise<void> {
    await this.client.request("logging/setLevel", { level });
  }

  /** Sends any request and returns its raw result, for what the helpers above do not cover. */
  request(method: string, params?: Record<string, unknown>, options: CallOptions = {}): Promise<Record<string, any>> {
    return this.client.request(method, params, options);
  }

  /** Disconnects; the server session closes with it. */
  close(): Promise<void> {
    return this.client.close();
  }

  /** Lets a test write `await using client = await connect(...)`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

function toTaskInfo(wire: Record<string, any>): TaskInfo {
  const { resultType: _type, _meta, ttl, pollInterval, ...task } = wire;
  return {
    ...task,
    ...(ttl === undefined ? {} : { ttlMs: ttl }),
    ...(pollInterval === undefined ? {} : { pollIntervalMs: pollInterval }),
  } as TaskInfo;
}

function textOf(result: McpCallResult): string {
  return (result.content ?? [])
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n");
}
