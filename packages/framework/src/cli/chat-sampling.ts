import type { SamplingAnswer, SamplingRequest } from "../host/client-answers.js";
import { HostError } from "../errors/host-error.js";
import type { ModelAdapter } from "../host/models/model-adapter.js";
import { sampleWithModel, textOf } from "../host/sample-with-model.js";
import type { AskLine } from "./chat-consent.js";

/** How much of each sampling message, and of the answer, the transcript shows. */
const SHOWN_CHARS = 500;

/**
 * Whether a server's sampling request may run without asking: `--allow-sampling`, or a
 * server trusted in mcp.json (`"trust": "read-only"`). Anything else is asked on the terminal,
 * or refused without one.
 */
export interface SamplingConsent {
  allowed(server: string): boolean;
}

/**
 * Runs a server's sampling request on the model once the user has seen it: the transcript shows
 * which server asks, the system prompt, every message and the bound on the answer; then, unless
 * `consent` allows it (`--allow-sampling`, a trusted server; or there is no `consent`), the user
 * is asked; the answer is shown too. A refusal is a HostError `HOST_CALL_REFUSED`, which the server
 * receives as the JSON-RPC error MCP names for it (-1, user rejected).
 */
export async function sampleAfterConsent(options: {
  model: ModelAdapter;
  request: SamplingRequest;
  server: string;
  signal: AbortSignal;
  note: (text: string) => void;
  consent?: SamplingConsent;
  terminal: () => AskLine | undefined;
  /** Servers the user said "always" to, for the rest of the session. */
  approved: Set<string>;
}): Promise<SamplingAnswer> {
  const { model, request, server, note } = options;
  note(describeSamplingRequest(server, model.model, request));
  if (options.consent && !options.consent.allowed(server) && !options.approved.has(server)) {
    const ask = options.terminal();
    const refuse = (reason: string): never => {
      note(`  ✗ refused: ${reason}\n`);
      throw new HostError("HOST_CALL_REFUSED", reason);
    };
    if (!ask) {
      refuse(
        `The host refused to let the model answer server "${server}" (sampling): the server is not trusted, and there is no terminal to ask (trust it with "trust": "read-only" in mcp.json, or run with --allow-sampling).`,
      );
    }
    const answer = (await ask!(`Let the model answer server "${server}"? [y]es / [N]o / [a]lways for this server: `)).trim();
    if (options.signal.aborted) refuse("The call that asked was cancelled.");
    if (/^a(lways)?$/i.test(answer)) options.approved.add(server);
    else if (!/^y(es)?$/i.test(answer)) refuse(`The user did not let the model answer server "${server}" (sampling).`);
  }
  try {
    const answer = await sampleWithModel(model, request, options.signal);
    note(`  ⤶ ${indent(cut(answer.content.text)) || "(no text)"}\n`);
    return answer;
  } catch (error) {
    note(`  ✗ the model did not answer: ${error instanceof Error ? error.message : String(error)}\n`);
    throw error;
  }
}

/** What the transcript shows of a sampling request before it runs. */
export function describeSamplingRequest(server: string, model: string, request: SamplingRequest): string {
  const lines = [`⤷ server "${server}" asks the model (${model}, sampling, at most ${request.maxTokens} tokens):`];
  if (request.systemPrompt !== undefined) lines.push(`    system: ${indent(cut(request.systemPrompt), 6)}`);
  for (const message of request.messages) {
    let text: string;
    try {
      text = textOf(message);
    } catch (error) {
      // Refused by sampleWithModel with the reason; here it is only shown.
      text = `[${error instanceof Error ? error.message : String(error)}]`;
    }
    lines.push(`    ${message.role}: ${indent(cut(text), 6)}`);
  }
  return `${lines.join("\n")}\n`;
}

function cut(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > SHOWN_CHARS
    ? `${trimmed.slice(0, SHOWN_CHARS)}… (${(trimmed.length - SHOWN_CHARS).toLocaleString("en-US")} more characters)`
    : trimmed;
}

function indent(text: string, spaces = 4): string {
  return text.split("\n").join(`\n${" ".repeat(spaces)}`);
}
