import type { AnthropicTool } from "../to-anthropic-tool.js";
import { withCacheBreakpoints } from "./anthropic-cache.js";
import { loadProviderSdk } from "./load-provider-sdk.js";
import type { ChatMessage, ModelAdapter, ModelRequest, ModelTurn, ProposedCall, ToolResultMedia, ToolResultMessage } from "./model-adapter.js";
import { mediaRefusal, sortMedia } from "../tool-result-media.js";
import { providerFetchFor, type ProviderHttpOptions } from "./provider-fetch.js";
import { toModelTurn } from "./model-turn.js";
import { requestPlaces, toProviderFailure } from "./provider-failure.js";

/** How to reach Anthropic's Messages API. */
export interface AnthropicModelOptions extends ProviderHttpOptions {
  apiKey: string;
  model: string;
  /** Default `https://api.anthropic.com`. */
  baseUrl?: string;
  /** Most tokens one answer may take (the API requires a bound); default 4096. */
  maxTokens?: number;
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
    // Retries, the time bound and odd replies are the provider fetch's, the same for every SDK.
    maxRetries: 0,
    fetch: providerFetchFor(options),
  });
  const where = requestPlaces("Anthropic", endpoint, options);
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
      const { tools, messages } = withCacheBreakpoints(request.tools as AnthropicTool[], toAnthropicMessages(request.messages), request.system);
      const body = {
        model: options.model,
        max_tokens: request.maxTokens ?? options.maxTokens ?? 4096,
        ...(request.system !== undefined && { system: request.system }),
        messages: messages as never,
        ...(tools.length && { tools: tools as never }),
      };
      const sdkOptions = request.signal ? { signal: request.signal } : undefined;
      let response;
      try {
        if (request.onText) {
          // The SDK's stream assembles the message, tool_use input from its input_json_delta events included.
          const stream = client.messages.stream(body, sdkOptions);
          stream.on("text", (delta) => request.onText!(delta));
          response = await stream.finalMessage();
        } else response = await client.messages.create(body, sdkOptions);
      } catch (error) {
        throw toProviderFailure(error, where("POST /v1/messages"));
      }
      const content = (response.content ?? []) as unknown as ContentBlock[];
      const calls: ProposedCall[] = content
        .filter((block) => block.type === "tool_use")
        .map((block) => ({ id: String(block.id), name: String(block.name), arguments: block.input }));
      const text = content.flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : [])).join("");
      const stop = response.stop_reason as string | null;
      const incomplete = stop === "max_tokens" || stop === "model_context_window_exceeded" ? "length" : stop === "refusal" ? "safety" : undefined;
      const usage = response.usage as
        | { input_tokens?: number; output_tokens?: number; cache_read_input_tokens?: number | null; cache_creation_input_tokens?: number | null }
        | undefined;
      return toModelTurn({
        text,
        calls,
        stopReason: stop,
        incomplete,
        usage: usage && {
          inputTokens: (usage.input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0),
          outputTokens: usage.output_tokens ?? 0,
          ...(usage.cache_read_input_tokens && { cachedInputTokens: usage.cache_read_input_tokens }),
        },
        raw: content,
      });
    },
  };
}

function toAnthropicMessages(messages: readonly ChatMessage[]): Array<{ role: string; content: string | ContentBlock[] }> {
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
        content: toolResultContent(result),
        ...(result.isError && { is_error: true }),
      })),
    };
  });
}

// What a tool_result takes beside its text: images (JPEG, PNG, GIF, WebP, 5 MB each), PDF
// and plain-text documents (base64, within the 32 MB a request may have); no audio.
const refuseMedia = mediaRefusal("Anthropic's API", {
  image: { types: ["image/jpeg", "image/png", "image/gif", "image/webp"], maxBytes: 5 * 1024 * 1024 },
  file: { types: ["application/pdf", "text/plain"], maxBytes: 24 * 1024 * 1024 },
});

function toolResultContent(result: ToolResultMessage): string | ContentBlock[] {
  const { sent, notes } = sortMedia(result.media, refuseMedia);
  const text = [result.content, ...notes].filter(Boolean).join("\n");
  if (!sent.length) return text;
  return [
    ...(text ? [{ type: "text", text }] : []),
    ...sent.map((media) =>
      media.kind === "image"
        ? { type: "image", source: { type: "base64", media_type: media.mimeType, data: media.data } }
        : { type: "document", source: documentSource(media), ...(media.uri && { title: media.uri }) },
    ),
  ];
}

// A PDF goes as base64; a plain-text document as its text, the only way the API takes one.
function documentSource(media: ToolResultMedia): Record<string, string> {
  return media.mimeType === "text/plain"
    ? { type: "text", media_type: "text/plain", data: Buffer.from(media.data, "base64").toString("utf8") }
    : { type: "base64", media_type: media.mimeType, data: media.data };
}
