import type { ChatMessage, ModelTurn, ToolResultMessage } from "./model-adapter.js";

/**
 * The conversation as the chat-style APIs take it (Chat Completions, Ollama's `/api/chat`): the
 * system prompt first, then one message per user text and model turn, one `tool` message per
 * result, and the results' images in a user message after them. How each is written is each API's own.
 */
export function toChatStyleMessages(
  system: string | undefined,
  messages: readonly ChatMessage[],
  write: { assistant(turn: ModelTurn): unknown; tool(result: ToolResultMessage): unknown; images(results: readonly ToolResultMessage[]): unknown },
): unknown[] {
  const out: unknown[] = system === undefined ? [] : [{ role: "system", content: system }];
  for (const message of messages) {
    if (message.role === "user") out.push({ role: "user", content: message.text });
    else if (message.role === "model") out.push(write.assistant(message.turn));
    else {
      for (const result of message.results) out.push(write.tool(result));
      // A tool message carries text only: the results' images follow in a user message of their own.
      const withImages = message.results.filter((result) => result.images?.length);
      if (withImages.length) out.push(write.images(withImages));
    }
  }
  return out;
}

/** The line that opens the user message carrying tool results' images, naming whose they are. */
export function imagesCaption(results: readonly ToolResultMessage[]): string {
  return `The images the results of ${results.map((result) => `${result.name} (${result.callId})`).join(", ")} returned:`;
}
