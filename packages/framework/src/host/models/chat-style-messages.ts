import type { ChatMessage, ModelTurn, ToolResultMessage } from "./model-adapter.js";

/**
 * The conversation as the chat-style APIs take it (Chat Completions, Ollama's `/api/chat`): the
 * system prompt first, then one message per user text and model turn, and one `tool` message per
 * result. How a model turn and a result are written is each API's own.
 */
export function toChatStyleMessages(
  system: string | undefined,
  messages: readonly ChatMessage[],
  write: { assistant(turn: ModelTurn): unknown; tool(result: ToolResultMessage): unknown },
): unknown[] {
  const out: unknown[] = system === undefined ? [] : [{ role: "system", content: system }];
  for (const message of messages) {
    if (message.role === "user") out.push({ role: "user", content: message.text });
    else if (message.role === "model") out.push(write.assistant(message.turn));
    else for (const result of message.results) out.push(write.tool(result));
  }
  return out;
}
