import fs from "node:fs";
import { HostError } from "../host/host-error.js";
import type { ChatMessage, ModelAdapter, TokenUsage } from "../host/models/model-adapter.js";

/** What `/save FILE` writes and `--resume FILE` reads: the conversation in the loop's neutral form. */
interface SavedConversation {
  readonly typemcp: "chat";
  readonly version: 1;
  readonly provider: string;
  readonly model: string;
  readonly usage: TokenUsage;
  readonly messages: readonly ChatMessage[];
}

/** Writes the conversation so far to `file` (JSON, readable by the user only: it may hold what the tools returned). */
export function saveConversation(file: string, messages: readonly ChatMessage[], model: ModelAdapter, usage: TokenUsage): void {
  const saved: SavedConversation = { typemcp: "chat", version: 1, provider: model.provider, model: model.model, usage, messages };
  try {
    fs.writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    throw new HostError("HOST_USAGE", `Cannot save the conversation to ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The messages of a conversation `/save` wrote, to go on with. Resumed with another provider,
 * each model turn keeps its text and calls but not the provider's own blocks (`raw`: Anthropic
 * thinking blocks, Gemini thought signatures), which only their own API takes back.
 */
export function readConversation(file: string, model: ModelAdapter): ChatMessage[] {
  let saved: Partial<SavedConversation>;
  try {
    saved = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<SavedConversation>;
  } catch (error) {
    throw new HostError("HOST_USAGE", `--resume ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (saved?.typemcp !== "chat" || saved.version !== 1 || !Array.isArray(saved.messages) || !saved.messages.every(isMessage)) {
    throw new HostError("HOST_USAGE", `--resume ${file} is not a conversation saved by typemcp chat (/save FILE).`);
  }
  if (saved.provider === model.provider) return [...saved.messages];
  return saved.messages.map((message) => {
    if (message.role !== "model") return message;
    const { raw: _dropped, ...turn } = message.turn;
    return { role: "model", turn };
  });
}

function isMessage(value: unknown): value is ChatMessage {
  const message = value as { role?: unknown; text?: unknown; turn?: { text?: unknown; calls?: unknown }; results?: unknown } | null;
  if (message?.role === "user") return typeof message.text === "string";
  if (message?.role === "model") return typeof message.turn?.text === "string" && Array.isArray(message.turn.calls);
  return message?.role === "tools" && Array.isArray(message.results);
}
