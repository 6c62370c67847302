import { describe, expect, test } from "vitest";
import { createTerminalConsent } from "./chat-consent.js";

const request = { qualifiedName: "notes__write", server: "notes", arguments: { text: "x" }, tool: { name: "write", inputSchema: { type: "object" } } };

describe("createTerminalConsent", () => {
  test("asks on the terminal and reads yes, no and always", async () => {
    const asked: string[] = [];
    const answers = ["y", "", "always", "A", "nope"];
    const consent = createTerminalConsent({ yes: false, ask: async (question) => (asked.push(question), answers.shift()!) });
    expect([await consent(request), await consent(request), await consent(request), await consent(request), await consent(request)]).toEqual([
      "yes",
      "no",
      "always",
      "always",
      "no",
    ]);
    expect(asked[0]).toBe('Allow notes__write {"text":"x"}? It is not marked read-only. [y]es / [N]o / [a]lways for this tool: ');
  });

  test("approves everything with --yes, without asking", async () => {
    const consent = createTerminalConsent({ yes: true, ask: () => Promise.reject(new Error("asked")) });
    expect(await consent(request)).toBe("yes");
  });

  test("refuses, saying how to allow it, when there is no terminal to ask on", async () => {
    expect(await createTerminalConsent({ yes: false })(request)).toEqual({
      refuse:
        "The host refused to call notes__write: it is not marked read-only, and there is no terminal to ask for approval (run with --yes to approve every call, or --deny it).",
    });
  });

  test("says a read-only hint is not believed from a server the user has not trusted", async () => {
    const asked: string[] = [];
    const hinted = { ...request, tool: { ...request.tool, annotations: { readOnlyHint: true } } };
    await createTerminalConsent({ yes: false, ask: async (question) => (asked.push(question), "n") })(hinted);
    expect(asked).toEqual(['Allow notes__write {"text":"x"}? Its server "notes" is not trusted to mark it read-only. [y]es / [N]o / [a]lways for this tool: ']);
  });
});
