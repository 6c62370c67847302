/** One `chat.completion.chunk` of a streamed Chat Completion, as far as the host reads it. */
interface ChunkLike {
  choices?: Array<{
    delta?: {
      content?: string | null;
      refusal?: string | null;
      tool_calls?: Array<{ index: number; id?: string; type?: string; function?: { name?: string; arguments?: string } }>;
    };
    finish_reason?: string | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** The parts of a non-streamed Chat Completion the adapter reads, rebuilt from a stream. */
export interface AssembledCompletion {
  choices: Array<{
    message: { content: string; refusal?: string; tool_calls: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }> };
    finish_reason: string | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/**
 * Reads a streamed Chat Completion (`stream: true`) to its end: each content delta goes to
 * `onText` as it arrives; tool calls are assembled from their deltas by `index` (the id and name
 * come first, the arguments' JSON in pieces after); usage comes in the last chunk when asked
 * for with `stream_options.include_usage`.
 */
export async function assembleOpenAIStream(chunks: AsyncIterable<ChunkLike>, onText: (text: string) => void): Promise<AssembledCompletion> {
  let content = "";
  // A refusal streams in its own deltas, not as content.
  let refusal = "";
  let finish: string | null = null;
  let usage: AssembledCompletion["usage"];
  const calls: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }> = [];
  for await (const chunk of chunks) {
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.finish_reason) finish = choice.finish_reason;
    if (choice.delta?.refusal) refusal += choice.delta.refusal;
    const text = choice.delta?.content;
    if (text) {
      content += text;
      onText(text);
    }
    for (const delta of choice.delta?.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { id: "", type: "function", function: { name: "", arguments: "" } });
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.function.name += delta.function.name;
      if (delta.function?.arguments) call.function.arguments += delta.function.arguments;
    }
  }
  const message = { content, ...(refusal && { refusal }), tool_calls: calls.filter(Boolean) };
  return { choices: [{ message, finish_reason: finish }], ...(usage && { usage }) };
}
