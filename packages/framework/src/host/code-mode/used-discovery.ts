import type { ChatMessage } from "../models/model-adapter.js";

/**
 * Code mode's context editing (as Anthropic's clears old tool results): a program that only found
 * tools (`codemode.search`/`describe`, no tool call, nothing kept or shown) printed signatures the
 * model needed for its next program; once a later program (not a search) has run without failing,
 * they are in
 * that program, and every further request would carry them again for nothing. Such a step, the
 * model's call and what the program printed, is left out of the requests that follow (never out
 * of the session's transcript); a program that needs them again searches again, which costs no
 * tool call. A program that failed (a type error) keeps them in view until one runs.
 */
export class UsedDiscovery {
  private readonly ids = new Set<string>();

  /** `tool`: the name of the tool that runs programs. */
  constructor(private readonly tool: string) {}

  /** Notes that the `run_program` call `callId` only found tools and ran. */
  note(callId: string): void {
    this.ids.add(callId);
  }

  /**
   * `messages` as the next request sends them: each model turn whose calls were all programs that
   * only found tools, with their results, left out when a later program ran without failing.
   */
  view(messages: readonly ChatMessage[]): readonly ChatMessage[] {
    if (!this.ids.size) return messages;
    const lastRun = this.lastRun(messages);
    const drop = new Set<number>();
    for (let i = 0; i + 1 < lastRun; i++) {
      const turn = messages[i]!;
      const results = messages[i + 1]!;
      if (turn.role !== "model" || results.role !== "tools" || turn.turn.text || !turn.turn.calls.length) continue;
      if (turn.turn.calls.every((call) => this.ids.has(call.id)) && results.results.every((r) => this.ids.has(r.callId))) drop.add(i).add(i + 1);
    }
    return drop.size ? messages.filter((_, i) => !drop.has(i)) : messages;
  }

  // The index of the last tools message in which a program other than a search ran without failing; -1 when none did.
  private lastRun(messages: readonly ChatMessage[]): number {
    for (let i = messages.length - 1; i >= 0; i--) {
      const message = messages[i]!;
      if (message.role === "tools" && message.results.some((r) => r.name === this.tool && !r.isError && !this.ids.has(r.callId))) return i;
    }
    return -1;
  }
}
