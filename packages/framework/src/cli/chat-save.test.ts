import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { saveConversation } from "./chat-save.js";

const MODEL = { provider: "anthropic", model: "test-model" } as const;
const USAGE = { inputTokens: 1, outputTokens: 1 };
const MESSAGES = [{ role: "user" as const, text: "What is in the vault?" }];
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-save-unit-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("saveConversation", () => {
  test("writes 0600 over a file that was 0644, replacing it", () => {
    const file = path.join(dir, "talk.json");
    fs.writeFileSync(file, "old notes\n", { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    saveConversation(file, MESSAGES, MODEL, USAGE);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ typemcp: "chat", messages: MESSAGES });
    expect(fs.readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  test("refuses a symbolic link, leaving the file it points to as it was", () => {
    const victim = path.join(dir, "victim.txt");
    fs.writeFileSync(victim, "not yours\n", { mode: 0o644 });
    const link = path.join(dir, "link.json");
    fs.symlinkSync(victim, link);
    expect(() => saveConversation(link, MESSAGES, MODEL, USAGE)).toThrow(
      `Cannot save the conversation to ${link}: it is a symbolic link. Name a file, not a link.`,
    );
    expect(fs.readFileSync(victim, "utf8")).toBe("not yours\n");
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
  });
});
