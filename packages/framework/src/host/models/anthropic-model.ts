import type { AnthropicTool } from "../to-anthropic-tool.js";
import { loadProviderSdk } from "./load-provider-sdk.js";
import type { ChatMessage, ModelAdapter, ModelRequest, ModelTurn, ProposedCall } from "./model-adapter.js";
import { toProviderFailure } from "./provider-failure.js";
import { createWireFetch, type ProviderWireListener } from "./wire-fetch.js";

/** How to reach Anthropic's Messages API. */
export interface AnthropicModelOptions {
  apiKey: string;
  model: string;
  /** Default `https://api.anthropic.com`. */
  baseUrl?: string;
  /** Most tokens one answer may take (the API requires a bound); default 4096. */
  maxTokens?: number;
  onWire?: ProviderWireListener;
}

type ContentBlock = { type: string; text?: string; id?: string; name?: string; input?: unknown; [key: string]: unknown };

/**
 * A model behind Anthropic's Messages API (`POST /v1/messages`), through the official
 * `@anthropic-ai/sdk`: tools as `{ name, description, input_schema }`, the model's calls as
 * `tool_use` blocks, results as `tool_result` blocks in the next user message.
 */
export async function createAnthropicModel(options: AnthropicModelOptions): Promise<ModelAdapter> {
  const { default: Anthropic } = await loadProviderSdk("@anthropic-ai/sdk", "anthropic", () => import("@anthropic-ai/sdk"));
  const endpoint = options.baseUrl ?? "https://api.anthropic.com";
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: endpoint,
    maxRetries: 1,
    ...(options.onWire && { fetch: createWireFetch(options.onWire) }),
  });
  const where = (what: string) => ({ provider: "Anthropic", endpoint, model: options.model, what });
  return {
    provider: "anthropic",
    toolFormat: "anthropic",
    model: options.model,
    async check(signal) {
      try {
        await client.models.retrieve(options.model, undefined, { ...(signal && { signal }), maxRetries: 0 });
      } catch (error) {
        throw toProviderFailure(error, where("GET /v1/models"));
      }
    },
    async complete(request: ModelRequest): Promise<ModelTurn> {
      const tools = request.tools as AnthropicTool[];
      let response;
      try {
        response = await client.messages.create(
          {
            model: options.model,
            max_tokens: request.maxTokens ?? options.maxTokens ?? 4096,
            ...(request.system !== undefined && { system: request.system }),
            messages: toAnthropicMessages(request.messages) as never,
            ...(tools.length && { tools: tools as never }),
          },
          request.signal ? { signal: request.signal } : undefined,
        );
      } catch (error) {
        throw toProviderFailure(error, where("POST /v1/messages"));
      }
      const content = response.content as unknown as ContentBlock[];
      const calls: ProposedCall[] = content
        .filter((block) => block.type === "tool_use")
        .map((block) => ({ id: String(block.id), name: String(block.name), arguments: block.input }));
      const text = content.flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : [])).join("");
      return { text, calls, ...(response.stop_reason && { stopReason: response.stop_reason }), raw: content };
    },
  };
}

function toAnthropicMessages(messages: readonly ChatMessage[]): unknown[] {
  return messages.map((message) => {
    if (message.role === "user") return { role: "user", content: message.text };
    if (message.role === "model") {
      // The turn's own blocks go back as they came: thinking blocks must be returned unchanged.
      const raw = message.turn.raw as ContentBlock[] | undefined;
      const content = raw ?? [
        ...(message.turn.text ? [{ type: "text", text: message.turn.text }] : []),
        ...message.turn.calls.map((call) => ({ type: "tool_use", id: call.id, name: call.name, input: call.arguments })),
      ];
      return { role: "assistant", content };
    }
    return {
      role: "user",
      content: message.results.map((result) => ({
        type: "tool_result",
        tool_use_id: result.callId,
        content: result.content,
        ...(result.isError && { is_error: true }),
      })),
    };
  });
}
