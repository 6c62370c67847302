/**
 * What the chat loop needs from a model provider, in the loop's own terms: a conversation of
 * user messages, model turns and tool results goes in; the model's text and the tool calls it
 * proposes come out. Each adapter turns this into its provider's wire format and back.
 */

/** A tool call the model proposed, as the provider named it. */
export interface ProposedCall {
  /** The provider's id for the call, used to pair its result; generated when the provider sends none. */
  readonly id: string;
  /** The tool's name as the model gave it (a provider name from the router). */
  readonly name: string;
  /** The arguments: an object, or JSON text as OpenAI sends them. */
  readonly arguments: unknown;
}

/** One answer from the model: its text and the calls it wants made, in order. */
export interface ModelTurn {
  readonly text: string;
  readonly calls: readonly ProposedCall[];
  /** Why the model stopped, in the provider's words (`end_turn`, `tool_calls`, `STOP`…). */
  readonly stopReason?: string;
  /**
   * The provider's own message for this turn, sent back as it is on the next request: it may hold
   * what the neutral form drops (Anthropic thinking blocks, Gemini thought signatures).
   */
  readonly raw?: unknown;
  /**
   * Set when the turn is not a whole answer: `length` when the model ran out of output tokens
   * (`max_tokens`, `length`, `MAX_TOKENS`), `safety` when the provider withheld it (a refusal,
   * a content filter, a Gemini `SAFETY` block). Its calls may be cut short too: none is run.
   */
  readonly incomplete?: "length" | "safety";
  /** Tokens this request took, as the provider reported them. */
  readonly usage?: TokenUsage;
}

/** Token counts as a provider reports them; a provider that reports none leaves them out. */
export interface TokenUsage {
  /** The prompt: Anthropic `input_tokens` (with cache reads and writes), OpenAI `prompt_tokens`, Gemini `promptTokenCount`. */
  readonly inputTokens: number;
  /** The answer: Anthropic `output_tokens`, OpenAI `completion_tokens`, Gemini `candidatesTokenCount` plus `thoughtsTokenCount`. */
  readonly outputTokens: number;
  /**
   * Of `inputTokens`, those the provider read from its prompt cache (Anthropic
   * `cache_read_input_tokens`, OpenAI `prompt_tokens_details.cached_tokens`, Gemini
   * `cachedContentTokenCount`); left out when there were none.
   */
  readonly cachedInputTokens?: number;
}

/** What the host answers to one proposed call: the tool's output, or why it did not run. */
export interface ToolResultMessage {
  readonly callId: string;
  readonly name: string;
  /** Text for the model: the tool's text blocks, or the host's explanation of a refusal. */
  readonly content: string;
  readonly isError: boolean;
  /**
   * The result's media (images, audio, embedded resources' blobs), which each adapter sends as its
   * API takes them with a tool result, or names in a line of the text when it takes none of that kind.
   */
  readonly media?: readonly ToolResultMedia[];
}

/**
 * Media a tool returned, base64 as MCP carries it: an image or audio block, or the `blob` of an
 * embedded resource (then with its `uri`). `kind` follows the MIME type: `file` is anything
 * neither an image nor audio (a PDF, say).
 */
export interface ToolResultMedia {
  readonly kind: "image" | "audio" | "file";
  readonly mimeType: string;
  readonly data: string;
  /** The embedded resource's URI, for a resource's blob. */
  readonly uri?: string;
}

/** One entry of the conversation the loop keeps. */
export type ChatMessage =
  | { readonly role: "user"; readonly text: string }
  | { readonly role: "model"; readonly turn: ModelTurn }
  | { readonly role: "tools"; readonly results: readonly ToolResultMessage[] };

/** One request to the model. */
export interface ModelRequest<Tool = unknown> {
  readonly system?: string;
  readonly messages: readonly ChatMessage[];
  /** Tool definitions already in this provider's format. */
  readonly tools: readonly Tool[];
  /** Most tokens the answer may take; each adapter has its own default. */
  readonly maxTokens?: number;
  readonly signal?: AbortSignal;
  /**
   * Given, the answer is streamed: called with each piece of text as it arrives. The turn that
   * `complete` returns is the same either way, tool calls assembled from the stream's deltas.
   */
  readonly onText?: (text: string) => void;
}

/** The providers `typemcp chat` drives. */
export type ModelProvider = "anthropic" | "openai" | "gemini" | "azure" | "ollama";

/** A model behind one provider's API. */
export interface ModelAdapter {
  readonly provider: ModelProvider;
  /** Which tool format `ToolRouter` should write for it. */
  readonly toolFormat: "anthropic" | "openai-chat" | "gemini";
  readonly model: string;
  /**
   * Checks that the endpoint answers, the key is accepted and (where the API can say) the model
   * exists, so a bad setup fails before any server starts. Throws a HostError.
   */
  check(signal?: AbortSignal): Promise<void>;
  /** Sends the conversation and returns the model's next turn. Throws a HostError. */
  complete(request: ModelRequest): Promise<ModelTurn>;
}
