import type { OpenAIChatTool } from "../to-openai-tool.js";
import { loadProviderSdk } from "./load-provider-sdk.js";
import type { ChatMessage, ModelAdapter, ModelRequest, ModelTurn } from "./model-adapter.js";
import { toProviderFailure } from "./provider-failure.js";
import { createWireFetch, type ProviderWireListener } from "./wire-fetch.js";

/** How to reach an OpenAI Chat Completions endpoint: OpenAI's, or any engine that speaks it. */
export interface OpenAIModelOptions {
  /** A local engine usually takes any key. */
  apiKey: string;
  model: string;
  /** Default `https://api.openai.com/v1`; Ollama is `http://127.0.0.1:11434/v1`. */
  baseUrl?: string;
  onWire?: ProviderWireListener;
  /** Told when the endpoint lists its models and `model` is not among them. */
  onNotice?: (text: string) => void;
}

type WireToolCall = { id?: string; type?: string; function?: { name?: string; arguments?: string } };

/**
 * A model behind OpenAI's Chat Completions API (`POST /chat/completions`), through the official
 * `openai` SDK. Chat Completions rather than Responses: it is the API every OpenAI-compatible
 * engine (Ollama, llama.cpp's server, vLLM, LM Studio) serves, so one adapter reaches them all;
 * the loop keeps the conversation itself, so Responses' server-side state buys nothing here.
 */
export async function createOpenAIModel(options: OpenAIModelOptions): Promise<ModelAdapter> {
  const { default: OpenAI } = await loadProviderSdk("openai", "openai", () => import("openai"));
  const endpoint = options.baseUrl ?? "https://api.openai.com/v1";
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: endpoint,
    maxRetries: 1,
    ...(options.onWire && { fetch: createWireFetch(options.onWire) }),
  });
  const where = (what: string) => ({ provider: "OpenAI-compatible endpoint", endpoint, model: options.model, what });
  return {
    provider: "openai",
    toolFormat: "openai-chat",
    model: options.model,
    async check(signal) {
      // Engines name their models their own way (llama.cpp lists a file path and answers to any
      // name), so a model missing from the list is a notice, not an error.
      let ids: string[];
      try {
        const page = await client.models.list({ ...(signal && { signal }), maxRetries: 0 });
        ids = page.data.map((model) => model.id);
      } catch (error) {
        throw toProviderFailure(error, where("GET /models"));
      }
      if (ids.length && !ids.includes(options.model)) {
        options.onNotice?.(`${endpoint} does not list the model "${options.model}"; it lists ${ids.slice(0, 8).join(", ")}${ids.length > 8 ? ", …" : ""}.`);
      }
    },
    async complete(request: ModelRequest): Promise<ModelTurn> {
      const tools = request.tools as OpenAIChatTool[];
      let response;
      try {
        response = await client.chat.completions.create(
          {
            model: options.model,
            messages: toOpenAIMessages(request.system, request.messages) as never,
            ...(tools.length && { tools: tools as never }),
            ...(request.maxTokens !== undefined && { max_completion_tokens: request.maxTokens }),
          },
          request.signal ? { signal: request.signal } : undefined,
        );
      } catch (error) {
        throw toProviderFailure(error, where("POST /chat/completions"));
      }
      const choice = response.choices[0];
      const message = choice?.message;
      const calls = ((message?.tool_calls ?? []) as WireToolCall[])
        .filter((call) => call.type === undefined || call.type === "function")
        .map((call, index) => ({ id: call.id || `call_${index}`, name: call.function?.name ?? "", arguments: call.function?.arguments ?? "{}" }));
      return { text: message?.content ?? "", calls, ...(choice?.finish_reason && { stopReason: choice.finish_reason }) };
    },
  };
}

function toOpenAIMessages(system: string | undefined, messages: readonly ChatMessage[]): unknown[] {
  const out: unknown[] = system === undefined ? [] : [{ role: "system", content: system }];
  for (const message of messages) {
    if (message.role === "user") out.push({ role: "user", content: message.text });
    else if (message.role === "model") {
      const { text, calls } = message.turn;
      out.push({
        role: "assistant",
        content: text || null,
        ...(calls.length && {
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: "function",
            function: { name: call.name, arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}) },
          })),
        }),
      });
    } else {
      // Chat Completions has no error flag on a tool message: the text has to say it.
      for (const result of message.results)
        out.push({ role: "tool", tool_call_id: result.callId, content: result.isError ? `Error: ${result.content}` : result.content });
    }
  }
  return out;
}
