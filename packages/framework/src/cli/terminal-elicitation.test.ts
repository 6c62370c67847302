import { describe, expect, test } from "vitest";
import type { ElicitationRequest } from "../host/client-answers.js";
import { askOnTerminal } from "./terminal-elicitation.js";

const REQUEST: ElicitationRequest = {
  message: "Who is staying?",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Guest name", description: "As on the passport." },
      nights: { type: "integer", minimum: 1, maximum: 14, default: 1 },
      breakfast: { type: "boolean" },
    },
    required: ["name"],
  },
};

/** A terminal that types `lines` in turn and records everything shown. */
function terminal(lines: string[]) {
  const shown: string[] = [];
  return {
    shown,
    ask: async (question: string) => {
      shown.push(question);
      return lines.shift() ?? "";
    },
    write: (text: string) => void shown.push(text),
  };
}

describe("askOnTerminal", () => {
  test("asks each field in turn, re-asks a value that does not fit, and keeps defaults on Enter", async () => {
    const t = terminal(["y", "", "Ada", "twenty", "", "y"]);
    const answer = await askOnTerminal(REQUEST, "hotel", t.ask, t.write);
    expect(answer).toEqual({ action: "accept", content: { name: "Ada", nights: 1, breakfast: true } });
    expect(t.shown).toEqual([
      '\nServer "hotel" asks: Who is staying?\n',
      "Answer it? [y]es / [d]ecline / [C]ancel: ",
      "  As on the passport.\n",
      "  Guest name (text; required): ",
      "  Guest name is required.\n",
      "  Guest name (text; required): ",
      "  nights (a whole number from 1 to 14; Enter for 1): ",
      '  ✗ "twenty" is not a whole number from 1 to 14.\n',
      "  nights (a whole number from 1 to 14; Enter for 1): ",
      "  breakfast (yes or no): ",
    ]);
  });

  test("declines or cancels at the first question, and cancels on an empty line there", async () => {
    expect(await askOnTerminal(REQUEST, "hotel", terminal(["d"]).ask, () => {})).toEqual({ action: "decline" });
    expect(await askOnTerminal(REQUEST, "hotel", terminal(["cancel"]).ask, () => {})).toEqual({ action: "cancel" });
    expect(await askOnTerminal(REQUEST, "hotel", terminal([""]).ask, () => {})).toEqual({ action: "cancel" });
  });

  test("cancels when the call that asked is cancelled while the form is open", async () => {
    const cancelled = new AbortController();
    const t = terminal(["y"]);
    const ask = async (question: string) => {
      const line = await t.ask(question);
      if (question.includes("Guest name")) cancelled.abort();
      return line;
    };
    expect(await askOnTerminal({ ...REQUEST, requestedSchema: { ...REQUEST.requestedSchema, required: [] } }, "hotel", ask, t.write, cancelled.signal)).toEqual(
      { action: "cancel" },
    );
  });

  test("cancels when a required field gets no answer three times (a closed terminal answers empty lines)", async () => {
    const t = terminal(["y"]);
    expect(await askOnTerminal(REQUEST, "hotel", t.ask, t.write)).toEqual({ action: "cancel" });
    expect(t.shown.at(-1)).toBe("  No answer for Guest name: cancelled.\n");
  });
});
