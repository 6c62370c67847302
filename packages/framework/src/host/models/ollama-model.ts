import { ProviderReplyError } from "./provider-reply-error.js";
import type { OpenAIChatTool } from "../to-openai-tool.js";
import type { ChatMessage, ModelAdapter, ModelRequest, ModelTurn, ProposedCall } from "./model-adapter.js";
import { toChatStyleMessages } from "./chat-style-messages.js";
import { MAX_MEDIA_BYTES, mediaRefusal } from "../tool-result-media.js";
import { toModelTurn } from "./model-turn.js";
import { providerFetchFor, type ProviderHttpOptions } from "./provider-fetch.js";
import { requestPlaces, toProviderFailure } from "./provider-failure.js";

/** How to reach Ollama's own API. */
export interface OllamaModelOptions extends ProviderHttpOptions {
  model: string;
  /** Default `http://127.0.0.1:11434` (the server's root, not its `/v1`). */
  baseUrl?: string;
  /** `options.num_predict` of every request; Ollama's default when left out. */
  maxTokens?: number;
}

/** One line of `/api/chat`: the whole answer, or (streamed) a piece of it. */
interface OllamaChatLine {
  message?: { content?: string; thinking?: string; tool_calls?: Array<{ function?: { name?: string; arguments?: unknown } }> };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  error?: string;
}

/**
 * A model behind Ollama's native `POST /api/chat`, documented at docs.ollama.com/api, with plain
 * HTTP (there is no official SDK to load): tools as OpenAI-style function definitions, the
 * model's calls as `message.tool_calls` with arguments as an object (and no ids, so the host
 * makes them), results as `role: "tool"` messages naming the tool; streamed as JSON lines.
 * Through `/api/chat` rather than `/v1`, a local model's `done_reason: "length"` and token counts
 * come as Ollama reports them. The OpenAI-compatible `/v1` works too, as `--provider openai`.
 */
export async function createOllamaModel(options: OllamaModelOptions): Promise<ModelAdapter> {
  const endpoint = (options.baseUrl ?? "http://127.0.0.1:11434").replace(/\/+$/, "");
  const fetchFor = providerFetchFor(options);
  const where = requestPlaces("Ollama", endpoint, options);
  let generated = 0;
  const request = async (method: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> => {
    let response: Response;
    try {
      response = await fetchFor(`${endpoint}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        ...(signal && { signal }),
      });
    } catch (error) {
      throw toProviderFailure(error, where(`${method} ${path}`));
    }
    if (!response.ok) {
      const said = ((await response.json().catch(() => ({}))) as OllamaChatLine).error ?? response.statusText;
      throw toProviderFailure(Object.assign(new Error(said), { status: response.status }), where(`${method} ${path}`));
    }
    return response;
  };
  return {
    provider: "ollama",
    toolFormat: "openai-chat",
    model: options.model,
    async check(signal) {
      // The model list is a courtesy here too: a model pulled later, or by another name, is for /api/chat to judge.
      const { models } = (await (await request("GET", "/api/tags", undefined, signal)).json()) as { models?: Array<{ name?: string; model?: string }> };
      const names = (models ?? []).flatMap((m) => [m.name, m.model]).filter((n): n is string => typeof n === "string");
      if (!names.some((name) => name === options.model || name === `${options.model}:latest`)) {
        options.onNotice?.(`${endpoint} has not pulled "${options.model}" (ollama pull ${options.model}); it has ${names.slice(0, 8).join(", ") || "none"}.`);
      }
    },
    async complete(turn: ModelRequest): Promise<ModelTurn> {
      const maxTokens = turn.maxTokens ?? options.maxTokens;
      const response = await request(
        "POST",
        "/api/chat",
        {
          model: options.model,
          messages: toOllamaMessages(turn.system, turn.messages),
          ...(turn.tools.length && {
            tools: (turn.tools as OpenAIChatTool[]).map(({ type, function: f }) => ({
              type,
              function: { name: f.name, description: f.description, parameters: f.parameters },
            })),
          }),
          stream: turn.onText !== undefined,
          ...(maxTokens !== undefined && { options: { num_predict: maxTokens } }),
        },
        turn.signal,
      );
      let lines: OllamaChatLine[];
      try {
        lines = turn.onText ? await readLines(response, turn.onText) : [(await response.json()) as OllamaChatLine];
      } catch (error) {
        throw toProviderFailure(error, where("POST /api/chat"));
      }
      const last = lines.at(-1) ?? {};
      const text = lines.map((line) => line.message?.content ?? "").join("");
      const calls: ProposedCall[] = lines.flatMap((line) =>
        (line.message?.tool_calls ?? []).map((call) => ({
          id: `ollama_call_${++generated}`,
          name: call.function?.name ?? "",
          arguments: call.function?.arguments ?? {},
        })),
      );
      return toModelTurn({
        text,
        calls,
        stopReason: last.done_reason,
        incomplete: last.done_reason === "length" ? "length" : undefined,
        usage: last.done ? { inputTokens: last.prompt_eval_count ?? 0, outputTokens: last.eval_count ?? 0 } : undefined,
      });
    },
  };
}

// A streamed answer is one JSON object a line; the text of each goes to onText as it comes.
async function readLines(response: Response, onText: (text: string) => void): Promise<OllamaChatLine[]> {
  const lines: OllamaChatLine[] = [];
  let buffer = "";
  const take = (line: string) => {
    if (!line.trim()) return;
    const parsed = JSON.parse(line) as OllamaChatLine;
    // One request, answered 200, then an error line: not an HTTP 500, and nothing was retried.
    if (parsed.error) throw new ProviderReplyError("stream-error", `answered POST /api/chat with an error in the middle of its stream: ${parsed.error}`);
    if (parsed.message?.content) onText(parsed.message.content);
    lines.push(parsed);
  };
  const decoder = new TextDecoder();
  for await (const chunk of response.body ?? []) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    for (const line of parts) take(line);
  }
  take(buffer);
  return lines;
}

function toOllamaMessages(system: string | undefined, messages: readonly ChatMessage[]): unknown[] {
  return toChatStyleMessages(system, messages, {
    assistant: ({ text, calls }) => ({
      role: "assistant",
      content: text,
      ...(calls.length && {
        tool_calls: calls.map((call) => ({
          function: { name: call.name, arguments: typeof call.arguments === "string" ? parseObject(call.arguments) : (call.arguments ?? {}) },
        })),
      }),
    }),
    tool: (result, text) => ({ role: "tool", tool_name: result.name, content: result.isError ? `Error: ${text}` : text }),
    // Ollama takes images as base64 on a message, for vision models; no audio, no documents.
    media: (media, caption) => ({ role: "user", content: caption, images: media.map((image) => image.data) }),
    refuse: mediaRefusal("Ollama", { image: { types: ["image/png", "image/jpeg"], maxBytes: MAX_MEDIA_BYTES } }),
  });
}

// Arguments written as JSON text by another provider (a resumed conversation); Ollama wants an object.
function parseObject(text: string): unknown {
  try {
    return JSON.parse(text || "{}");
  } catch {
    return {};
  }
}
