import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ChatEvent } from "../host/chat/chat-events.js";
import type {
  ClientAnswers,
  ElicitationAnswer,
  ElicitationRequest,
  ElicitationSchema,
  QuestionContext,
  Root,
  SamplingRequest,
  UrlElicitationRequest,
} from "../host/client-answers.js";
import { checkElicitationContent, fieldChoices, withDefaults } from "../host/elicitation-form.js";
import { HostError } from "../errors/host-error.js";
import type { ModelAdapter } from "../host/models/model-adapter.js";
import type { AskLine } from "./chat-consent.js";
import { sampleAfterConsent, type SamplingConsent } from "./chat-sampling.js";
import type { PresetAnswer } from "./preset-answers.js";
import { askOnTerminal } from "./terminal-elicitation.js";
import { createUrlElicitation } from "./url-elicitation.js";

/** The options `typemcp call` and `chat` take for the servers' questions. */
export const ANSWER_OPTIONS = { answer: "strings", root: "strings" } as const;

/** Where the answers to a server's questions come from, on the command line. */
export interface CliAnswersOptions {
  /** `--answer` values, used up in the order the questions come. */
  presets: PresetAnswer[];
  /** `--root` directories (default: the current one), as roots; a function for roots that change in a session. */
  roots: readonly Root[] | ((context: { readonly server: string }) => readonly Root[]);
  /** Whether there is a terminal to ask the user on (with none and no `--answer`, questions are declined, saying why). */
  interactive: boolean;
  /** The terminal to ask on, if any at the moment of the question. */
  terminal: () => AskLine | undefined;
  /** The model that answers sampling requests; without one, sampling is not declared. */
  model?: ModelAdapter;
  /**
   * Which servers' sampling requests run unasked (`chat`); the rest are asked on the terminal, or
   * refused without one. Without it every request runs (`call`, given a model by the user).
   */
  samplingConsent?: SamplingConsent;
  /** Opens a URL a server asked the user to open, once they agreed; false when it can only be shown. Without it URLs are shown only. */
  openUrl?: (url: string) => boolean;
  /** Writes a line for the user: what a server asked, and how it was answered. */
  note: (text: string) => void;
  /** Sees each question once answered, for `chat --json`'s transcript. */
  onAnswered?: (event: Extract<ChatEvent, { type: "server-request" }>) => void;
}

/** The answers, and the first `--answer` that did not fit its question (a usage error, exit 2). */
export interface CliAnswers {
  readonly answers: ClientAnswers;
  failure(): HostError | undefined;
  /** How many `--answer` values have been used. */
  used(): number;
}

/**
 * How `typemcp call` and `chat` answer what servers ask. Elicitation: the next `--answer`, else
 * the user on the terminal, else a decline that says why and how to answer.
 * Sampling: the model given, with a line saying the server asked it. Roots: `--root` paths or
 * the current directory.
 */
export function createCliAnswers(options: CliAnswersOptions): CliAnswers {
  let failure: HostError | undefined;
  let used = 0;
  const declined = new Set<string>();
  const approvedSampling = new Set<string>();
  // One question at a time on the terminal, even when a server asks several at once.
  let turn: Promise<unknown> = Promise.resolve();
  const elicit = (request: ElicitationRequest, server: string, signal: AbortSignal): Promise<ElicitationAnswer> => {
    const asked = `server "${server}" asked "${request.message}"`;
    const preset = options.presets[used];
    if (preset) {
      const index = ++used;
      const answer = fromPreset(preset, request.requestedSchema);
      if ("problems" in answer) {
        failure ??= new HostError("HOST_ARGUMENT_INVALID", `--answer #${index} does not fit what ${asked}: ${answer.problems.join("; ")}.`);
        options.note(`typemcp: ${asked}; --answer #${index} does not fit it, so the question was cancelled.\n`);
        return Promise.resolve({ action: "cancel" });
      }
      options.note(`typemcp: ${asked}; answered ${answer.action} from --answer #${index}.\n`);
      return Promise.resolve(answer);
    }
    const ask = options.terminal();
    if (ask) return askOnTerminal(request, server, ask, options.note, signal);
    // A server that asks again after a decline gets the same answer, without the same advice.
    if (!declined.has(asked)) {
      declined.add(asked);
      options.note(
        `typemcp: ${asked}; declined: there is no terminal to ask on and no --answer left. Answer it with --answer '${exampleAnswer(request.requestedSchema)}' (or --answer decline, --answer cancel).\n`,
      );
    }
    return Promise.resolve({ action: "decline" });
  };
  const url = createUrlElicitation({
    nextPreset: () => {
      const preset = options.presets[used];
      return preset && { preset, index: ++used };
    },
    fail: (error) => {
      failure ??= error;
    },
    terminal: options.terminal,
    note: options.note,
    open: options.openUrl ?? (() => false),
  });
  const report = <T>(server: string, method: "elicitation/create" | "sampling/createMessage", params: unknown, answer: Promise<T>): Promise<T> => {
    if (!options.onAnswered) return answer;
    const onAnswered = options.onAnswered;
    return answer.then(
      (result) => {
        onAnswered({ type: "server-request", server, method, params, result });
        return result;
      },
      (error: unknown) => {
        onAnswered({ type: "server-request", server, method, params, error: error instanceof Error ? error.message : String(error) });
        throw error;
      },
    );
  };
  const answers: ClientAnswers = {
    // Declared even with no terminal and no --answer, as `typemcp --help` promises: the server
    // gets a decline it can act on, and the user a line saying what was asked and how to answer.
    elicit: (request: ElicitationRequest, { server, signal }: QuestionContext) => {
      const answer = turn.then(() => elicit(request, server, signal));
      turn = answer.catch(() => undefined);
      return report(server, "elicitation/create", request, answer);
    },
    elicitUrl: (request: UrlElicitationRequest, { server, signal }: QuestionContext) => {
      const answer = turn.then(() => url.ask(request, server, signal));
      turn = answer.catch(() => undefined);
      return report(server, "elicitation/create", { mode: "url", ...request }, answer);
    },
    elicitationComplete: url.complete,
    roots: options.roots,
    ...(options.model && {
      sample: (request: SamplingRequest, { server, signal }: QuestionContext) => {
        const model = options.model!;
        const consent = options.samplingConsent;
        const answer = turn.then(() =>
          sampleAfterConsent({
            model,
            request,
            server,
            signal,
            note: options.note,
            ...(consent && { consent }),
            terminal: options.terminal,
            approved: approvedSampling,
          }),
        );
        // One question at a time on the terminal: a sampling request may ask too.
        turn = answer.catch(() => undefined);
        return report(server, "sampling/createMessage", request, answer);
      },
    }),
  };
  return { answers, failure: () => failure, used: () => used };
}

/** `--root` values as roots (`file://` URIs named after their last segment); the current directory when none. */
export function readRoots(values: readonly string[], cwd = process.cwd()): Root[] {
  const paths = values.length ? values.map((value) => path.resolve(cwd, value)) : [cwd];
  return paths.map((full) => {
    if (!fs.existsSync(full)) throw new HostError("HOST_USAGE", `--root ${full}: no such file or directory.`);
    return { uri: pathToFileURL(full).href, name: path.basename(full) || full };
  });
}

function fromPreset(preset: PresetAnswer, schema: ElicitationSchema): ElicitationAnswer | { problems: string[] } {
  if ("action" in preset && preset.action !== "accept") return { action: preset.action };
  const content = withDefaults(schema, ("content" in preset ? preset.content : {}) as never);
  const problems = checkElicitationContent(schema, content);
  return problems.length ? { problems } : { action: "accept", content };
}

function exampleAnswer(schema: ElicitationSchema): string {
  const example = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => {
      const choices = fieldChoices(field);
      if (choices) return [name, field.type === "array" ? [choices[0]?.value] : choices[0]?.value];
      return [name, field.type === "boolean" ? true : field.type === "number" || field.type === "integer" ? (field.minimum ?? 1) : "…"];
    }),
  );
  return JSON.stringify(example);
}
