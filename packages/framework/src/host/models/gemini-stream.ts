type Part = { text?: string; thought?: boolean; [key: string]: unknown };

/** One chunk of `streamGenerateContent`, as far as the host reads it. */
interface ChunkLike {
  candidates?: Array<{ content?: { parts?: Part[] }; finishReason?: unknown }>;
  promptFeedback?: { blockReason?: unknown };
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number };
}

/** The parts of a `generateContent` answer the adapter reads, rebuilt from a stream. */
export interface AssembledGeminiResponse {
  candidates?: Array<{ content: { parts: Part[] }; finishReason?: unknown }>;
  promptFeedback?: { blockReason?: unknown };
  usageMetadata?: ChunkLike["usageMetadata"];
}

/**
 * Reads `streamGenerateContent` (SSE) to its end: text that is not a thought goes to `onText` as
 * it arrives; every part is kept in order, as it came (a function call arrives whole in one chunk,
 * with the thought signature Gemini 3 wants back); the finish reason, a prompt block and the
 * usage are the last chunk's that has them.
 */
export async function assembleGeminiStream(chunks: AsyncIterable<ChunkLike>, onText: (text: string) => void): Promise<AssembledGeminiResponse> {
  const parts: Part[] = [];
  let finishReason: unknown;
  let seen = false;
  const out: AssembledGeminiResponse = {};
  for await (const chunk of chunks) {
    if (chunk.usageMetadata) out.usageMetadata = chunk.usageMetadata;
    if (chunk.promptFeedback?.blockReason) out.promptFeedback = chunk.promptFeedback;
    const candidate = chunk.candidates?.[0];
    if (!candidate) continue;
    seen = true;
    if (candidate.finishReason) finishReason = candidate.finishReason;
    for (const part of candidate.content?.parts ?? []) {
      parts.push(part);
      if (typeof part.text === "string" && part.text && !part.thought) onText(part.text);
    }
  }
  if (seen) out.candidates = [{ content: { parts }, ...(finishReason !== undefined && { finishReason }) }];
  return out;
}
