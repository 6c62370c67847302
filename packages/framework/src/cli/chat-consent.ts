import type { ConsentAnswer, ConsentRequest } from "../host/chat/chat-types.js";

/** Asks one question on the terminal and resolves with the answer ("" when cancelled). */
export type AskLine = (question: string) => Promise<string>;

/**
 * The consent callback `typemcp chat` gives its session: `--yes` approves every call; on a
 * terminal the user is asked yes / no / always (for this tool); without one the call is refused,
 * saying how to allow it, rather than waiting for an answer that cannot come.
 */
export function createTerminalConsent(options: { yes: boolean; ask?: AskLine }): (request: ConsentRequest) => Promise<ConsentAnswer> {
  return async (request) => {
    if (options.yes) return "yes";
    if (request.resource !== undefined) return askToRead(request, options.ask);
    // A read-only hint from a server the user has not trusted is asked about like any call.
    const why =
      request.tool.annotations?.readOnlyHint === true ? `its server "${request.server}" is not trusted to mark it read-only` : "it is not marked read-only";
    if (!options.ask) {
      return {
        refuse: `The host refused to call ${request.qualifiedName}: ${why}, and there is no terminal to ask for approval (run with --yes to approve every call, or --deny it).`,
      };
    }
    const answer = await options.ask(
      `Allow ${request.qualifiedName} ${JSON.stringify(request.arguments)}? ${why[0]!.toUpperCase()}${why.slice(1)}. [y]es / [N]o / [a]lways for this tool: `,
    );
    if (/^\s*a(lways)?\s*$/i.test(answer)) return "always";
    return /^\s*y(es)?\s*$/i.test(answer) ? "yes" : "no";
  };
}

// The model asks to read a resource (--read-resources) or load a skill (--read-skills) of a server the user has not trusted.
async function askToRead(request: ConsentRequest, ask: AskLine | undefined): Promise<ConsentAnswer> {
  const what = `${request.server}:${request.resource}`;
  if (!ask) {
    return {
      refuse: `The host refused to let the model read ${what}: its server "${request.server}" is not trusted, and there is no terminal to ask for approval (trust it with "trust": "read-only" in mcp.json, or run with --yes).`,
    };
  }
  // A skill (--read-skills) is approved one skill at a time, as the Skills extension asks.
  const skill = request.qualifiedName === "read_skill";
  const answer = await ask(
    `Let the model ${skill ? "load the skill" : "read"} ${what}? Its server "${request.server}" is not trusted. [y]es / [N]o / [a]lways for this ${skill ? "skill" : "server"}: `,
  );
  if (/^\s*a(lways)?\s*$/i.test(answer)) return "always";
  return /^\s*y(es)?\s*$/i.test(answer) ? "yes" : "no";
}
