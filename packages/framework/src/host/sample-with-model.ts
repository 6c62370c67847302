import type { SamplingAnswer, SamplingMessage, SamplingRequest } from "./client-answers.js";
import type { ChatMessage, ModelAdapter } from "./models/model-adapter.js";

// MCP names why sampling stopped in its own words; providers each have theirs.
const STOP_REASONS: Record<string, string> = {
  end_turn: "endTurn",
  stop: "endTurn",
  STOP: "endTurn",
  max_tokens: "maxTokens",
  length: "maxTokens",
  MAX_TOKENS: "maxTokens",
  stop_sequence: "stopSequence",
};

/**
 * Runs a server's sampling request on a model adapter: its messages become the conversation, its
 * `systemPrompt` the system prompt, `maxTokens` the bound; no tools are offered. The model's text
 * comes back as the sampling result. Throws for content a text conversation cannot carry (images,
 * audio), naming it, so the server gets a JSON-RPC error that says why.
 *
 * @example
 * ```ts
 * const answer = await sampleWithModel(model, { messages: [{ role: "user", content: { type: "text", text: "Say hi" } }], maxTokens: 100 });
 * ```
 */
export async function sampleWithModel(model: ModelAdapter, request: SamplingRequest, signal?: AbortSignal): Promise<SamplingAnswer> {
  const messages: ChatMessage[] = request.messages.map((message) => {
    const text = textOf(message);
    return message.role === "user" ? { role: "user", text } : { role: "model", turn: { text, calls: [] } };
  });
  const turn = await model.complete({
    ...(request.systemPrompt !== undefined && { system: request.systemPrompt }),
    messages,
    tools: [],
    maxTokens: request.maxTokens,
    ...(signal && { signal }),
  });
  const stopReason = turn.stopReason === undefined ? undefined : (STOP_REASONS[turn.stopReason] ?? turn.stopReason);
  return { role: "assistant", content: { type: "text", text: turn.text }, model: model.model, ...(stopReason !== undefined && { stopReason }) };
}

/** The text of one sampling message; a preview of a request is its last message's. */
export function textOf(message: SamplingMessage): string {
  const blocks = Array.isArray(message.content) ? message.content : [message.content as SamplingMessage["content"] & { type: string }];
  return blocks
    .map((block) => {
      if (block.type !== "text" || typeof block.text !== "string") {
        throw new Error(`The host's model (sampling) takes text only; this request has a block of type "${block.type}".`);
      }
      return block.text;
    })
    .join("\n");
}
