import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { HostError } from "../errors/host-error.js";
import type { ModelAdapter } from "../host/models/model-adapter.js";
import { readConversation, saveConversation } from "./chat-save.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-save-unit-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const adapter = (provider: ModelAdapter["provider"]): ModelAdapter =>
  ({ provider, model: "m", toolFormat: provider === "gemini" ? "gemini" : provider === "anthropic" ? "anthropic" : "openai-chat" }) as ModelAdapter;
const write = (name: string, messages: unknown[], provider = "openai") => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify({ typemcp: "chat", version: 1, provider, model: "m", usage: { inputTokens: 40, outputTokens: 7 }, messages }));
  return file;
};
const OPENAI_TURN = [
  { role: "user", text: "2 + 3?" },
  { role: "model", turn: { text: "", calls: [{ id: "call_1", name: "calc__add", arguments: '{"a":2,"b":3}' }] } },
  { role: "tools", results: [{ callId: "call_1", name: "calc__add", content: "5", isError: false }] },
];

describe("readConversation", () => {
  test.each([
    ["calls", { role: "model", turn: { text: "", calls: [null] } }],
    ["results", { role: "tools", results: [null] }],
    ["a call without a name", { role: "model", turn: { text: "", calls: [{ id: "1" }] } }],
  ])("refuses a file whose %s are not what /save writes, as usage (exit 2)", (_, message) => {
    const file = write("bad.json", [{ role: "user", text: "hi" }, message]);
    const read = () => readConversation(file, adapter("anthropic"));
    expect(read).toThrow(HostError);
    expect(read).toThrow(`--resume ${file} is not a conversation saved by typemcp chat (/save FILE).`);
  });

  test.each(["anthropic", "gemini"] as const)("gives %s an OpenAI-saved call's arguments as an object, not JSON text", (provider) => {
    const { messages } = readConversation(write("openai.json", OPENAI_TURN), adapter(provider));
    expect(messages[1]).toEqual({ role: "model", turn: { text: "", calls: [{ id: "call_1", name: "calc__add", arguments: { a: 2, b: 3 } }] } });
  });

  test("shows a resumed model the images a conversation saved before 0.6 kept under `images`, as media", () => {
    const saved = [
      ...OPENAI_TURN.slice(0, 2),
      {
        role: "tools",
        results: [
          { callId: "call_1", name: "calc__add", content: "[image image/png, 4 bytes]", isError: false, images: [{ mimeType: "image/png", data: "iVBO" }] },
        ],
      },
    ];
    const { messages } = readConversation(write("images.json", saved), adapter("anthropic"));
    expect(messages[2]).toEqual({
      role: "tools",
      results: [
        {
          callId: "call_1",
          name: "calc__add",
          content: "[image image/png, 4 bytes]",
          isError: false,
          media: [{ kind: "image", mimeType: "image/png", data: "iVBO" }],
        },
      ],
    });
  });

  test("carries the saved token usage", () => {
    expect(readConversation(write("usage.json", OPENAI_TURN), adapter("openai")).usage).toEqual({ inputTokens: 40, outputTokens: 7 });
  });
});

describe("saveConversation", () => {
  test("writes the file readable by the user only, even over a file that was readable by others", () => {
    const file = path.join(dir, "open.json");
    fs.writeFileSync(file, "{}", { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    saveConversation(file, [], adapter("openai"), { inputTokens: 0, outputTokens: 0 });
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ typemcp: "chat", messages: [] });
  });

  test("refuses to write through a symbolic link", () => {
    const target = path.join(dir, "target.txt");
    fs.writeFileSync(target, "keep");
    const link = path.join(dir, "link.json");
    fs.symlinkSync(target, link);
    expect(() => saveConversation(link, [], adapter("openai"), { inputTokens: 0, outputTokens: 0 })).toThrow(
      `Cannot save the conversation to ${link}: it is a symbolic link.`,
    );
    expect(fs.readFileSync(target, "utf8")).toBe("keep");
  });
});
