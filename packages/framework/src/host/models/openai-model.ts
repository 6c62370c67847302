import type { OpenAIChatTool } from "../to-openai-tool.js";
import { loadProviderSdk } from "./load-provider-sdk.js";
import type { ChatMessage, ModelAdapter, ModelRequest, ModelTurn, ToolResultMedia } from "./model-adapter.js";
import { mediaRefusal } from "../tool-result-media.js";
import { providerFetchFor, type ProviderHttpOptions } from "./provider-fetch.js";
import { toChatStyleMessages } from "./chat-style-messages.js";
import { assembleOpenAIStream } from "./openai-stream.js";
import { toModelTurn } from "./model-turn.js";
import { requestPlaces, toProviderFailure } from "./provider-failure.js";

/** How to reach an OpenAI Chat Completions endpoint: OpenAI's, or any engine that speaks it. */
export interface OpenAIModelOptions extends ProviderHttpOptions {
  /** A local engine usually takes any key. */
  apiKey: string;
  model: string;
  /** Default `https://api.openai.com/v1`; Ollama is `http://127.0.0.1:11434/v1`. */
  baseUrl?: string;
  /** `max_completion_tokens` of every request; the endpoint's default when left out. */
  maxTokens?: number;
  /**
   * Azure OpenAI: `baseUrl` is the resource's endpoint (`https://NAME.openai.azure.com`), `model`
   * the deployment's name, and requests go through the SDK's `AzureOpenAI` client with this
   * `api-version`.
   */
  azure?: { apiVersion: string };
}

type WireToolCall = { id?: string; type?: string; function?: { name?: string; arguments?: string } };

/**
 * A model behind OpenAI's Chat Completions API (`POST /chat/completions`), through the official
 * `openai` SDK. Chat Completions rather than Responses: it is the API every OpenAI-compatible
 * engine (Ollama, llama.cpp's server, vLLM, LM Studio) serves, so one adapter reaches them all;
 * the loop keeps the conversation itself, so Responses' server-side state buys nothing here.
 */
export async function createOpenAIModel(options: OpenAIModelOptions): Promise<ModelAdapter> {
  const { default: OpenAI, AzureOpenAI } = await loadProviderSdk("openai", options.azure ? "azure" : "openai", () => import("openai"));
  const endpoint = options.baseUrl ?? "https://api.openai.com/v1";
  // Retries, the time bound and odd replies are the provider fetch's, the same for every SDK.
  const common = { apiKey: options.apiKey, maxRetries: 0, fetch: providerFetchFor(options) };
  const client = options.azure
    ? new AzureOpenAI({ ...common, endpoint, deployment: options.model, apiVersion: options.azure.apiVersion })
    : new OpenAI({ ...common, baseURL: endpoint });
  const where = requestPlaces(options.azure ? "Azure OpenAI" : "OpenAI-compatible endpoint", endpoint, options);
  return {
    provider: options.azure ? "azure" : "openai",
    toolFormat: "openai-chat",
    model: options.model,
    async check(signal) {
      // The list is a courtesy: engines name their models their own way (llama.cpp lists a file
      // path and answers to any name), and some serve Chat Completions with no /models at all. A
      // refused key or an endpoint nobody answers on still stops the chat before it starts.
      let ids: string[];
      try {
        const page = await client.models.list({ ...(signal && { signal }), maxRetries: 0 });
        ids = (page.data ?? []).map((model) => model.id);
      } catch (error) {
        const failure = toProviderFailure(error, where("GET /models"));
        const status = (error as { status?: unknown } | null)?.status;
        if (failure.code !== "HOST_PROVIDER_SETUP" || status !== 404) throw failure;
        options.onNotice?.(`${endpoint} has no model list (GET /models answered HTTP 404); going on with "${options.model}".`);
        return;
      }
      if (ids.length && !ids.includes(options.model)) {
        options.onNotice?.(`${endpoint} does not list the model "${options.model}"; it lists ${ids.slice(0, 8).join(", ")}${ids.length > 8 ? ", …" : ""}.`);
      }
    },
    async complete(request: ModelRequest): Promise<ModelTurn> {
      const tools = request.tools as OpenAIChatTool[];
      const body = {
        model: options.model,
        messages: toOpenAIMessages(request.system, request.messages) as never,
        ...(tools.length && { tools: tools as never }),
        ...((request.maxTokens ?? options.maxTokens) !== undefined && { max_completion_tokens: request.maxTokens ?? options.maxTokens }),
      };
      const sdkOptions = request.signal ? { signal: request.signal } : undefined;
      let response;
      try {
        response = request.onText
          ? await assembleOpenAIStream(
              await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, sdkOptions),
              request.onText,
            )
          : await client.chat.completions.create(body, sdkOptions);
      } catch (error) {
        throw toProviderFailure(error, where("POST /chat/completions"));
      }
      const choice = response.choices?.[0];
      const message = choice?.message;
      const calls = ((message?.tool_calls ?? []) as WireToolCall[])
        .filter((call) => call.type === undefined || call.type === "function")
        .map((call, index) => ({ id: call.id || `call_${index}`, name: call.function?.name ?? "", arguments: call.function?.arguments ?? "{}" }));
      // A model that refuses says so in `refusal`, with `content: null` and finish_reason "stop".
      const refusal = (message as { refusal?: string | null } | undefined)?.refusal || undefined;
      const stop = refusal ? "refusal" : (choice?.finish_reason as string | null | undefined);
      const incomplete = stop === "length" ? "length" : stop === "content_filter" || stop === "refusal" ? "safety" : undefined;
      const usage = response.usage as
        | { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } | null }
        | undefined;
      const cached = usage?.prompt_tokens_details?.cached_tokens;
      return toModelTurn({
        text: message?.content || refusal || "",
        calls,
        stopReason: stop,
        incomplete,
        usage: usage && { inputTokens: usage.prompt_tokens ?? 0, outputTokens: usage.completion_tokens ?? 0, ...(cached && { cachedInputTokens: cached }) },
      });
    },
  };
}

function toOpenAIMessages(system: string | undefined, messages: readonly ChatMessage[]): unknown[] {
  return toChatStyleMessages(system, messages, {
    assistant: ({ text, calls }) => ({
      role: "assistant",
      content: text || null,
      ...(calls.length && {
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}) },
        })),
      }),
    }),
    // Chat Completions has no error flag on a tool message: the text has to say it.
    tool: (result, text) => ({ role: "tool", tool_call_id: result.callId, content: result.isError ? `Error: ${text}` : text }),
    media: (media, caption) => ({ role: "user", content: [{ type: "text", text: caption }, ...media.map(toContentPart)] }),
    refuse: refuseMedia,
  });
}

// What a user message of Chat Completions takes: images as data URLs, audio as wav or mp3
// (`input_audio`, for models that hear), PDF files as data URLs (`file`).
const MAX_BYTES = 20 * 1024 * 1024;
const AUDIO_FORMATS: Record<string, string> = { "audio/wav": "wav", "audio/x-wav": "wav", "audio/wave": "wav", "audio/mpeg": "mp3", "audio/mp3": "mp3" };
const refuseMedia = mediaRefusal("Chat Completions", {
  image: { types: ["image/png", "image/jpeg", "image/webp", "image/gif"], maxBytes: MAX_BYTES },
  audio: { types: Object.keys(AUDIO_FORMATS), maxBytes: MAX_BYTES },
  file: { types: ["application/pdf"], maxBytes: MAX_BYTES },
});

function toContentPart(media: ToolResultMedia): unknown {
  const url = `data:${media.mimeType};base64,${media.data}`;
  if (media.kind === "image") return { type: "image_url", image_url: { url } };
  if (media.kind === "audio") return { type: "input_audio", input_audio: { data: media.data, format: AUDIO_FORMATS[media.mimeType] } };
  return { type: "file", file: { filename: media.uri?.split("/").pop() || "document.pdf", file_data: url } };
}
