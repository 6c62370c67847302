import { describe, expect, test } from "vitest";
import type { ChatMessage } from "../models/model-adapter.js";
import { UsedDiscovery } from "./used-discovery.js";

const program = (id: string, code: string): ChatMessage => ({
  role: "model",
  turn: { text: "", calls: [{ id, name: "run_program", arguments: { code } }] },
});
const ran = (id: string, content: string, isError = false): ChatMessage => ({
  role: "tools",
  results: [{ callId: id, name: "run_program", content, isError }],
});
const prompt: ChatMessage = { role: "user", text: "Book a call." };
const search = program("t1", 'console.log(await codemode.search("free slot"));');
const signatures = ran("t1", "calendar.find_free_slot({minutes: number}): Promise<{start: string}>");

describe("UsedDiscovery", () => {
  test("leaves a program that only searched, and what it printed, out of the requests after a later program ran", () => {
    const used = new UsedDiscovery("run_program");
    used.note("t1");
    const messages = [prompt, search, signatures, program("t2", "await calendar.find_free_slot({ minutes: 30 });"), ran("t2", "2026-12-07T10:00Z")];
    expect(used.view(messages)).toEqual([prompt, messages[3], messages[4]]);
    // The transcript keeps them.
    expect(messages).toHaveLength(5);
  });

  test("keeps the signatures in view while no later program has run: after a type error, and before the next program", () => {
    const used = new UsedDiscovery("run_program");
    used.note("t1");
    expect(used.view([prompt, search, signatures])).toEqual([prompt, search, signatures]);
    const failed = [
      prompt,
      search,
      signatures,
      program("t2", "await calendar.find_slot();"),
      ran("t2", "TS2339 [ERROR]: Property 'find_slot' does not exist", true),
    ];
    expect(used.view(failed)).toEqual(failed);
  });

  test("keeps a search a later search followed, and a program it did not note", () => {
    const used = new UsedDiscovery("run_program");
    used.note("t1");
    used.note("t2");
    const twice = [prompt, search, signatures, program("t2", 'console.log(await codemode.search("invite"));'), ran("t2", "calendar.invite(…)")];
    expect(used.view(twice)).toEqual(twice);
    const unnoted = [prompt, program("t3", "await crm.add_note({ id: 7 });"), ran("t3", "(The program printed nothing.)"), program("t4", "1"), ran("t4", "1")];
    expect(new UsedDiscovery("run_program").view(unnoted)).toEqual(unnoted);
  });
});
