import fs from "node:fs";
import path from "node:path";
import { HostError } from "../errors/host-error.js";
import type { ChatMessage, ModelAdapter, TokenUsage, ToolResultMessage } from "../host/models/model-adapter.js";

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
 * tools returned). It goes to a private temporary file first, renamed over `file`: a file that
 * was readable by others is replaced, not kept with its mode; a symbolic link is refused.
 */
export function saveConversation(file: string, messages: readonly ChatMessage[], model: ModelAdapter, usage: TokenUsage): void {
  const saved: SavedConversation = { typemcp: "chat", version: 1, provider: model.provider, model: model.model, usage, messages };
  const fail = (why: string, cause?: unknown) => new HostError("HOST_USAGE", `Cannot save the conversation to ${file}: ${why}`, { cause });
  if (fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) throw fail("it is a symbolic link.");
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    // "wx": a file already at the temporary name (someone else's) is not written through.
    fs.writeFileSync(temporary, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw fail((error as Error).message, error);
  }
}

/**
 * The messages of a conversation `/save` wrote, to go on with. Resumed with another provider,
 * each model turn keeps its text and calls but not the provider's own blocks (`raw`: Anthropic
 * thinking blocks, Gemini thought signatures), which only their own API takes back.
 */
export function readConversation(file: string, model: ModelAdapter): { messages: ChatMessage[]; usage?: TokenUsage } {
  let saved: Partial<SavedConversation>;
  try {
    saved = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<SavedConversation>;
  } catch (error) {
    throw new HostError("HOST_USAGE", `--resume ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (saved?.typemcp !== "chat" || saved.version !== 1 || !Array.isArray(saved.messages) || !saved.messages.every(isMessage)) {
    throw new HostError("HOST_USAGE", `--resume ${file} is not a conversation saved by typemcp chat (/save FILE).`);
  }
  const usage = isUsage(saved.usage) ? { usage: { inputTokens: saved.usage.inputTokens, outputTokens: saved.usage.outputTokens } } : {};
  const messages = saved.messages.map((message): ChatMessage => {
    if (message.role === "tools") return { role: "tools", results: message.results.map(withSavedImages) };
    if (message.role !== "model") return message;
    // OpenAI keeps arguments as JSON text; Anthropic and Gemini take only objects.
    const calls = message.turn.calls.map((call) => ({
      ...call,
      arguments: typeof call.arguments === "string" ? parseArguments(call.arguments) : call.arguments,
    }));
    if (saved.provider === model.provider) return { role: "model", turn: { ...message.turn, calls } };
    const { raw: _dropped, ...turn } = message.turn;
    return { role: "model", turn: { ...turn, calls } };
  });
  return { messages: withEveryCallAnswered(messages), ...usage };
}

// A conversation saved while calls ran (or cut off before their results) has a model turn whose
// calls have no results after it: every provider's API refuses a call left unanswered, so each
// gets one saying it never finished.
function withEveryCallAnswered(messages: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    out.push(message);
    if (message.role !== "model" || !message.turn.calls.length) continue;
    const next = messages[i + 1];
    const given = next?.role === "tools" ? next.results : [];
    const answered = new Set(given.map((result) => result.callId));
    const notRun = message.turn.calls
      .filter((call) => !answered.has(call.id))
      .map((call) => ({ callId: call.id, name: call.name, content: "Not run: the conversation was saved before this call finished.", isError: true }));
    if (!notRun.length) continue;
    out.push({ role: "tools", results: [...given, ...notRun] });
    if (next?.role === "tools") i++;
  }
  return out;
}

/** A result as saved before media had a field of their own (0.5): its images under `images`. */
type SavedResult = ToolResultMessage & { readonly images?: readonly { mimeType?: unknown; data?: unknown }[] };

// A conversation saved before audio and files reached the model kept a result's images under
// `images`: they are its media, so a resumed model is shown them again, not just their text line.
function withSavedImages(result: SavedResult): ToolResultMessage {
  const { images, ...rest } = result;
  if (!Array.isArray(images) || result.media) return rest;
  const media = images.flatMap((image) =>
    typeof image?.mimeType === "string" && typeof image.data === "string" ? [{ kind: "image" as const, mimeType: image.mimeType, data: image.data }] : [],
  );
  return media.length ? { ...rest, media } : rest;
}

function parseArguments(text: string): unknown {
  try {
    return text.trim() ? JSON.parse(text) : {};
  } catch {
    return text;
  }
}

function isUsage(value: unknown): value is TokenUsage {
  const usage = value as Partial<TokenUsage> | null | undefined;
  return typeof usage?.inputTokens === "number" && typeof usage.outputTokens === "number";
}

function isMessage(value: unknown): value is ChatMessage {
  const message = value as { role?: unknown; text?: unknown; turn?: { text?: unknown; calls?: unknown }; results?: unknown } | null;
  if (message?.role === "user") return typeof message.text === "string";
  if (message?.role === "model") return typeof message.turn?.text === "string" && Array.isArray(message.turn.calls) && message.turn.calls.every(isCall);
  return message?.role === "tools" && Array.isArray(message.results) && message.results.every(isResult);
}

// Each call and result is checked too: a null in either would fail only later, after the servers started.
function isCall(value: unknown): boolean {
  const call = value as { id?: unknown; name?: unknown } | null;
  return typeof call?.id === "string" && typeof call.name === "string";
}

function isResult(value: unknown): boolean {
  const result = value as { callId?: unknown; content?: unknown; isError?: unknown } | null;
  return typeof result?.callId === "string" && typeof result.content === "string" && (result.isError === undefined || typeof result.isError === "boolean");
}
