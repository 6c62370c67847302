/**
 * Resources and prompts as the host sees them, in plain types (the SDK's own results fit them):
 * what a chat can attach to a message or run as a user turn.
 */

/** One resource as a server lists it in `resources/list`. */
export interface McpResource {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

/** One resource template as a server lists it in `resources/templates/list`. */
export interface McpResourceTemplate {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

/** What a `completion/complete` request completes: a prompt's argument or a resource template's variable. */
export type McpCompletionRef = { readonly type: "ref/prompt"; readonly name: string } | { readonly type: "ref/resource"; readonly uri: string };

/** A `completion/complete` answer: up to 100 candidates. */
export interface McpCompletion {
  readonly values: readonly string[];
  readonly total?: number;
  readonly hasMore?: boolean;
}

/** One content item of a `resources/read` answer: text, or base64 `blob`. */
export interface McpResourceContents {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  readonly blob?: string;
  /** The server's metadata for these contents (an MCP Apps view's `ui` policy, for one). */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

/** One prompt as a server lists it in `prompts/list`. */
export interface McpPrompt {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: ReadonlyArray<{ readonly name: string; readonly description?: string; readonly required?: boolean }>;
}

/** What `prompts/get` answers: messages with one content block each. */
export interface McpPromptResult {
  readonly description?: string;
  readonly messages: ReadonlyArray<{
    readonly role: "user" | "assistant";
    readonly content: { readonly type: string; readonly text?: string; readonly [field: string]: unknown };
  }>;
}

/** Which of a server's lists changed (`notifications/{tools,resources,prompts}/list_changed`). */
export type McpListKind = "tools" | "resources" | "prompts";
