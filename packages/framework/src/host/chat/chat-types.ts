import type { CodeSandbox } from "../code-mode/deno-sandbox.js";
import type { McpResource, McpResourceContents } from "../mcp-context.js";
import type { McpCallResult, McpTool } from "../mcp-tool.js";
import type { McpSkill, McpSkillFile } from "../mcp-skill.js";
import type { ChatMessage, ModelAdapter, TokenUsage } from "../models/model-adapter.js";
import type { ServerTrust } from "../server-trust.js";
import type { ToolPolicy } from "../tool-policy.js";
import type { ChatEvent } from "./chat-events.js";

/** One connected server, as the chat loop uses it. */
export interface ChatServer {
  /** The name its tools are qualified with: `name__tool`. */
  readonly name: string;
  readonly tools: readonly McpTool[];
  /**
   * How far the user trusts it: `read-only` believes its `readOnlyHint` (such calls run unasked)
   * and lets the model read its resources unasked; `ask`, the default, asks for every call and read.
   */
  readonly trust?: ServerTrust;
  /** Lists `tools` again if the server said they changed; true when it did. Asked before each model request. */
  refreshTools?(): Promise<boolean>;
  /** Sends `tools/call`; aborting `signal` cancels the request (MCP `notifications/cancelled`). */
  call(tool: string, args: Record<string, unknown>, options: { signal?: AbortSignal }): Promise<McpCallResult>;
  /** `resources/list`, for the model's `list_resources` (`readResources`); a server without it has none. */
  listResources?(): Promise<readonly McpResource[]>;
  /** `resources/read`, for the model's `read_resource` (`readResources`). */
  readResource?(uri: string): Promise<readonly McpResourceContents[]>;
  /** `skills/list`, for the model's `list_skills` (`readSkills`); a server without the extension has none. */
  listSkills?(): Promise<readonly McpSkill[]>;
  /** A verified read of one file of `skill` (default its SKILL.md), for the model's `read_skill` (`readSkills`). */
  readSkill?(skill: McpSkill, path?: string): Promise<McpSkillFile>;
}

/**
 * A call waiting for consent: any call, unless its server is trusted and marks the tool read-only.
 * With `resource` set, the model asks to read that resource of `server` (`readResources`), and
 * `tool` is the host's own `read_resource`.
 */
export interface ConsentRequest {
  readonly qualifiedName: string;
  /** The server's name, as in `qualifiedName`. */
  readonly server: string;
  readonly arguments: Record<string, unknown>;
  readonly tool: McpTool;
  /** The URI the model asks to read, when this is a resource read rather than a tool call. */
  readonly resource?: string;
}

/**
 * yes: run this call; no: refuse it; always: run it and every later call of this tool (for a
 * resource read: every later read from this server); `{ refuse }`: refuse it, with the reason to
 * show the user and tell the model.
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
   * model gets one tool instead, `run_program`, with an index of the servers; a program finds
   * the tools itself (`codemode.search`, `codemode.describe`), calls them, and may keep values for
   * later programs (`codemode.keep`); `sandbox` runs it. Every call a program makes passes the
   * same checks as a direct call: policy, the input schema, consent.
   */
  readonly code?: { readonly sandbox: CodeSandbox; readonly servers?: readonly string[] };
  /**
   * Let the model read the servers' resources itself: it gets `list_resources` and
   * `read_resource`. Each read is asked (through `consent`) unless the server is trusted
   * (`trust: "read-only"`); what it reads is cut at `maxChars` (default 20,000).
   */
  readonly readResources?: boolean | { readonly maxChars?: number };
  /**
   * Let the model read the servers' skills (SEP-2640) on request: it gets `list_skills` and
   * `read_skill`. Loading a skill is asked (through `consent`, once per skill) unless the server is
   * trusted; each file is checked against the skill's digests; what it reads is cut at `maxChars`.
   */
  readonly readSkills?: boolean | { readonly maxChars?: number };
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
