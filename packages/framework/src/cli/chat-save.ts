import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
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

/**
 * Writes the conversation so far to `file` (JSON, readable by the user only: it may hold what the
 * tools returned). The file is written anew as 0600 whatever was there (a new file in the same
 * folder, then renamed over the name), so an older file readable by others is replaced, not
 * rewritten in place keeping its mode; a symbolic link at `file` is refused, never followed.
 */
export function saveConversation(file: string, messages: readonly ChatMessage[], model: Pick<ModelAdapter, "provider" | "model">, usage: TokenUsage): void {
  const saved: SavedConversation = { typemcp: "chat", version: 1, provider: model.provider, model: model.model, usage, messages };
  const target = path.resolve(file);
  if (fs.lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink()) {
    throw new HostError("HOST_USAGE", `Cannot save the conversation to ${file}: it is a symbolic link. Name a file, not a link.`);
  }
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    fs.writeFileSync(temporary, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    // Renaming replaces whatever is at the name (even a link made since the check) and never writes through it.
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
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
