import type { ElicitationAnswer, ElicitationContent, ElicitationRequest } from "../host/client-answers.js";
import { describeField, parseFieldValue } from "../host/elicitation-form.js";
import type { AskLine } from "./chat-consent.js";

// Someone who types nonsense three times, or whose terminal closed, has not answered.
const TRIES_PER_FIELD = 3;

/**
 * Asks the user a server's question on the terminal: first whether to answer, decline or cancel,
 * then each field of the form in turn, saying what it takes and re-asking on a value that does
 * not fit. Enter keeps a field's default or skips an optional one.
 */
export async function askOnTerminal(request: ElicitationRequest, server: string, ask: AskLine, write: (text: string) => void): Promise<ElicitationAnswer> {
  write(`\nServer "${server}" asks: ${request.message}\n`);
  const choice = (await ask("Answer it? [Y]es / [d]ecline / [c]ancel: ")).trim().toLowerCase();
  if (/^d(ecline)?$/.test(choice)) return { action: "decline" };
  if (/^c(ancel)?$/.test(choice)) return { action: "cancel" };
  if (choice !== "" && !/^y(es)?$/.test(choice)) return { action: "cancel" };
  const content: ElicitationContent = {};
  const required = new Set(request.requestedSchema.required ?? []);
  for (const [name, field] of Object.entries(request.requestedSchema.properties ?? {})) {
    const label = field.title ?? name;
    const hasDefault = field.default !== undefined;
    const note = [
      describeField(field),
      required.has(name) && !hasDefault ? "required" : undefined,
      hasDefault ? `Enter for ${JSON.stringify(field.default)}` : undefined,
    ]
      .filter(Boolean)
      .join("; ");
    if (field.description) write(`  ${field.description}\n`);
    let answered = false;
    for (let attempt = 0; attempt < TRIES_PER_FIELD && !answered; attempt++) {
      const raw = await ask(`  ${label} (${note}): `);
      if (raw.trim() === "") {
        if (hasDefault) content[name] = field.default as ElicitationContent[string];
        if (hasDefault || !required.has(name)) answered = true;
        else write(`  ${label} is required.\n`);
        continue;
      }
      const parsed = parseFieldValue(field, raw);
      if ("value" in parsed) {
        content[name] = parsed.value;
        answered = true;
      } else write(`  ✗ ${parsed.problem}.\n`);
    }
    if (!answered) {
      write(`  No answer for ${label}: cancelled.\n`);
      return { action: "cancel" };
    }
  }
  return { action: "accept", content };
}
