import type { UrlElicitationRequest } from "../host/client-answers.js";
import { openInBrowser } from "../host/open-in-browser.js";
import { HostError } from "../errors/host-error.js";
import type { AskLine } from "./chat-consent.js";
import type { PresetAnswer } from "./preset-answers.js";

/** A URL elicitation's answer. */
export type UrlAnswer = { readonly action: "accept" | "decline" | "cancel" };

/** What answering a URL elicitation needs from `createCliAnswers`. */
export interface UrlElicitationOptions {
  /** The next `--answer`, used up, with its 1-based number; undefined when none is left. */
  nextPreset(): { preset: PresetAnswer; index: number } | undefined;
  /** Records an `--answer` that does not fit (exit 2 once the command ends). */
  fail(error: HostError): void;
  terminal: () => AskLine | undefined;
  note: (text: string) => void;
  /** Opens the URL for the person at the terminal; false when it only can be shown (no browser here, CI). */
  open: (url: string) => boolean;
}

/**
 * A server asks the user to open a URL (elicitation, URL mode). Nothing is opened unless the
 * user agrees: shown with the server that asks and the site it leads to, then opened on "yes"
 * at a terminal; an `--answer accept` accepts it for the user to open (the URL is printed, no
 * browser starts); without a terminal or an `--answer` it is declined, saying why. Only http(s)
 * URLs are ever offered. `complete` tells the user when the server says the step is done.
 */
export function createUrlElicitation(options: UrlElicitationOptions) {
  // The steps the user agreed to, by id: MCP says a completion for any other is ignored.
  const accepted = new Map<string, string>();
  const declinedBefore = new Set<string>();
  const ask = async (request: UrlElicitationRequest, server: string, signal: AbortSignal): Promise<UrlAnswer> => {
    let site: string;
    try {
      const url = new URL(request.url);
      if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(url.protocol);
      site = url.host;
      // What is shown and opened is the URL as parsed and checked, not the server's raw text.
      request = { ...request, url: url.href };
    } catch {
      options.note(`typemcp: server "${server}" asked you to open ${JSON.stringify(request.url)}; declined: only http and https URLs are opened.\n`);
      return { action: "decline" };
    }
    const asked = `server "${server}" asked you to open ${request.url} (${site}): "${request.message}"`;
    const next = options.nextPreset();
    if (next) {
      const { preset, index } = next;
      if (!("action" in preset)) {
        options.fail(new HostError("HOST_ARGUMENT_INVALID", `--answer #${index} is a form's content, but ${asked}: answer it with accept, decline or cancel.`));
        options.note(`typemcp: ${asked}; --answer #${index} does not fit it, so the question was cancelled.\n`);
        return { action: "cancel" };
      }
      const how =
        preset.action === "accept"
          ? `accepted from --answer #${index}: open it yourself, no browser is started for an --answer`
          : `answered ${preset.action} from --answer #${index}`;
      options.note(`typemcp: ${asked}; ${how}.\n`);
      return remember(request, server, { action: preset.action });
    }
    const terminal = options.terminal();
    if (!terminal) {
      if (!declinedBefore.has(request.url)) {
        declinedBefore.add(request.url);
        options.note(
          `typemcp: ${asked}; declined: there is no terminal to ask on and no --answer left. Answer it with --answer accept (you open the URL yourself), --answer decline or --answer cancel.\n`,
        );
      }
      return { action: "decline" };
    }
    options.note(`\nServer "${server}" asks you to open a page on ${site}: ${request.message}\n  ${request.url}\n`);
    const choice = (await terminal("Open it? [y]es / [d]ecline / [C]ancel: ")).trim().toLowerCase();
    if (signal.aborted) return { action: "cancel" };
    if (/^d(ecline)?$/.test(choice)) return { action: "decline" };
    if (!/^y(es)?$/.test(choice)) return { action: "cancel" };
    options.note(options.open(request.url) ? `  Opened in your browser.\n` : `  Open it in your browser: ${request.url}\n`);
    return remember(request, server, { action: "accept" });
  };
  const remember = (request: UrlElicitationRequest, server: string, answer: UrlAnswer): UrlAnswer => {
    if (answer.action === "accept" && request.elicitationId) accepted.set(request.elicitationId, server);
    return answer;
  };
  const complete = (elicitationId: string, { server }: { server: string }): void => {
    if (accepted.get(elicitationId) !== server) return;
    accepted.delete(elicitationId);
    options.note(`typemcp: server "${server}" says the step you opened is done (${elicitationId}).\n`);
  };
  return { ask, complete };
}

/** Opens a URL in the browser for a person at a terminal (never in CI or when output is piped); false when it can only be shown. */
export function openUrlForPerson(url: string): boolean {
  if (!process.stdin.isTTY || !process.stderr.isTTY || process.env.CI) return false;
  openInBrowser(url);
  return true;
}
