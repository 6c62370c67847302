import { describe, expect, test } from "vitest";
import { InputNeeded } from "./input-round.js";
import { openRound, toRoundBinding, toRoundState } from "./round-state.js";

const KEY = "round-state-test-key-of-at-least-32-bytes";
const CONFIRM = { message: "Delete a.txt?", requestedSchema: { type: "object", properties: {} } };
const YES = { action: "accept", content: {} };

/** The state a first round of deleteFile(a.txt) signs, as `principal`. */
function firstRound(principal: string) {
  const binding = toRoundBinding("tools/call", { name: "deleteFile", arguments: { filename: "a.txt" } }, principal, KEY);
  const round = openRound(undefined, undefined, () => binding);
  expect(() => round.ask("elicitation/create", CONFIRM)).toThrow(InputNeeded);
  return toRoundState(round, binding);
}

describe("openRound", () => {
  test("refuses a state issued to another principal, saying so", () => {
    const state = firstRound("principal:alice");
    const mallory = toRoundBinding("tools/call", { name: "deleteFile", arguments: { filename: "a.txt" } }, "principal:mallory", KEY);
    expect(() => openRound(state, { "input-0": YES }, () => mallory)).toThrow(/issued to another principal/);
  });

  test("gives an answer only to the very question it was given to", () => {
    const alice = "principal:alice";
    const state = firstRound(alice);
    const binding = toRoundBinding("tools/call", { name: "deleteFile", arguments: { filename: "a.txt" } }, alice, KEY);
    const same = openRound(state, { "input-0": YES }, () => binding);
    expect(same.ask("elicitation/create", CONFIRM)).toEqual(YES);
    const other = openRound(state, { "input-0": YES }, () => binding);
    expect(() => other.ask("elicitation/create", { ...CONFIRM, message: "Delete prod.db?" })).toThrow(InputNeeded);
  });

  test("takes no answers without a state: an answer counts only for a question the server asked", () => {
    const binding = toRoundBinding("tools/call", { name: "deleteFile", arguments: { filename: "x.db" } }, "anonymous", KEY);
    const round = openRound(undefined, { "input-0": YES }, () => binding);
    expect(round.answers).toEqual({});
    expect(() => round.ask("elicitation/create", CONFIRM)).toThrow(InputNeeded);
  });

  test("refuses a signed state that names no call", () => {
    const binding = toRoundBinding("tools/call", { name: "x" }, "anonymous", KEY);
    expect(() => openRound({ answers: { "input-0": YES }, open: [] }, undefined, () => binding)).toThrow(/names no call/);
  });
});
