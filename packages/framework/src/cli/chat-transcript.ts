import type { ChatEvent } from "../host/chat/chat-events.js";
import type { TokenUsage } from "../host/models/model-adapter.js";

/** How much of a tool result the screen shows; `--json` has it whole. */
const SHOWN_RESULT_CHARS = 200;

/**
 * Writes a chat's transcript as it happens, for people: the model's text, each proposed call with
 * its arguments, the host's decision when it is not to run it, and the result, cut to a few
 * lines; streamed text as it arrives. With `verbose`, also the size of the tool definitions each request carries. The tokens
 * each turn took, as the provider reported them, follow its answer in a session (`answerToo`) and
 * with `verbose`.
 */
export function createTranscriptPrinter(write: (text: string) => void, options: { verbose: boolean; answerToo: boolean }): (event: ChatEvent) => void {
  const refused = new Set<string>();
  // The step whose text is streaming in, once its first piece is shown.
  let streamed: number | undefined;
  let open = false;
  let usage: Extract<ChatEvent, { type: "usage" }> | undefined;
  // The tokens a turn took, once it is over: always in a session, with --verbose for one task.
  const tokens = () => {
    if (usage && (options.answerToo || options.verbose)) write(`${formatUsage(usage)}\n`);
    usage = undefined;
  };
  return (event) => {
    switch (event.type) {
      case "request":
        if (options.verbose)
          write(
            `[step ${event.step}] tool definitions sent: ${event.toolCount} tools, ${event.toolBytes.toLocaleString("en-US")} bytes ≈ ${event.toolTokens.toLocaleString("en-US")} tokens\n`,
          );
        break;
      case "delta":
        if (streamed !== event.step) write("model: ");
        streamed = event.step;
        open = true;
        write(event.text);
        break;
      case "text":
        // Streamed text is on the screen already: the line is ended, not written again.
        if (streamed === event.step) {
          open = false;
          write(event.final && options.answerToo ? "\n\n" : "\n");
        }
        // In --prompt mode the answer goes to stdout, apart from the transcript.
        else if (!event.final) write(`model: ${indentRest(event.text.trim())}\n`);
        else if (options.answerToo) write(`\n${event.text.trim()}\n\n`);
        break;
      case "call":
        // A call a code-mode program made sits under the run_program call it came from.
        if (event.id.includes("#")) write("  ");
        write(`→ ${event.qualifiedName ?? event.name} ${oneLine(JSON.stringify(event.arguments ?? {}), 300)}\n`);
        break;
      case "decision":
        if (event.decision !== "run" && event.decision !== "answered") {
          refused.add(event.id);
          write(`  ✗ ${event.decision}${event.by && event.by !== "host" ? ` (${event.by})` : ""}: ${indentRest(event.reason ?? "")}\n`);
        }
        break;
      case "result":
        if (!refused.has(event.id)) write(`  ${event.isError ? "← error:" : "←"} ${shorten(event.text)}\n`);
        break;
      case "usage":
        usage = event;
        break;
      case "answer":
        tokens();
        break;
      case "stopped":
        // A stream cut off mid-line ends its line first.
        if (streamed !== undefined && open) write("\n");
        open = false;
        // A failure is the command's one line on stderr; the transcript does not say it twice.
        if (event.reason !== "failed") write(`${event.message}\n`);
        tokens();
        break;
      case "server-request":
        // Shown as it happened, by the host that answered it.
        break;
    }
  };
}

function formatUsage(event: Extract<ChatEvent, { type: "usage" }>): string {
  const n = (value: number) => value.toLocaleString("en-US");
  const cached = (usage: TokenUsage) => (usage.cachedInputTokens ? ` (${n(usage.cachedInputTokens)} cached)` : "");
  return `[tokens] this turn ${n(event.turn.inputTokens)} in${cached(event.turn)}, ${n(event.turn.outputTokens)} out; session ${n(event.total.inputTokens)} in${cached(event.total)}, ${n(event.total.outputTokens)} out`;
}

function shorten(text: string): string {
  const flat = oneLine(text, SHOWN_RESULT_CHARS);
  return flat === "" ? "(no text)" : flat;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s*\n\s*/g, " ⏎ ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max)}… (${(flat.length - max).toLocaleString("en-US")} more characters; --json has them all)`;
}

function indentRest(text: string): string {
  return text.split("\n").join("\n    ");
}
