import { sortMedia } from "../tool-result-media.js";
import type { ChatMessage, ModelTurn, ToolResultMedia, ToolResultMessage } from "./model-adapter.js";

/** How one chat-style API writes each message, and which media it takes in a user message. */
export interface ChatStyleWriter {
  assistant(turn: ModelTurn): unknown;
  /** A tool message: `text` is the result's text and a line for each piece of its media the API does not take. */
  tool(result: ToolResultMessage, text: string): unknown;
  /** The user message carrying the media the results returned, opened by `caption`. */
  media(media: readonly ToolResultMedia[], caption: string): unknown;
  /** Why the API does not take this piece of media, or undefined when it does. */
  refuse(media: ToolResultMedia): string | undefined;
}

/**
 * The conversation as the chat-style APIs take it (Chat Completions, Ollama's `/api/chat`): the
 * system prompt first, then one message per user text and model turn, one `tool` message per
 * result, and the results' media in a user message after them. How each is written is each API's own.
 */
export function toChatStyleMessages(system: string | undefined, messages: readonly ChatMessage[], write: ChatStyleWriter): unknown[] {
  const out: unknown[] = system === undefined ? [] : [{ role: "system", content: system }];
  for (const message of messages) {
    if (message.role === "user") out.push({ role: "user", content: message.text });
    else if (message.role === "model") out.push(write.assistant(message.turn));
    else {
      const shown: Array<{ result: ToolResultMessage; media: ToolResultMedia[] }> = [];
      for (const result of message.results) {
        const { sent, notes } = sortMedia(result.media, (media) => write.refuse(media));
        out.push(write.tool(result, [result.content, ...notes].filter(Boolean).join("\n")));
        if (sent.length) shown.push({ result, media: sent });
      }
      // A tool message carries text only: the results' media follow in a user message of their own.
      if (shown.length)
        out.push(
          write.media(
            shown.flatMap((each) => each.media),
            mediaCaption(shown),
          ),
        );
    }
  }
  return out;
}

// The line that opens the user message carrying tool results' media, naming what and whose they are.
function mediaCaption(shown: ReadonlyArray<{ result: ToolResultMessage; media: readonly ToolResultMedia[] }>): string {
  const kinds = new Set(shown.flatMap((each) => each.media.map((media) => media.kind)));
  const nouns = (["image", "audio", "file"] as const).filter((kind) => kinds.has(kind)).map((kind) => (kind === "audio" ? kind : `${kind}s`));
  const what = nouns.length > 1 ? `${nouns.slice(0, -1).join(", ")} and ${nouns.at(-1)}` : nouns[0];
  return `The ${what} the results of ${shown.map(({ result }) => `${result.name} (${result.callId})`).join(", ")} returned:`;
}
