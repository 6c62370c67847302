import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { providerEnv, sentTools, startFakeProvider } from "./support/fake-providers.js";
import { typemcp, writeMcpConfig } from "./support/host-cli.js";
import { fromRoot } from "./support/paths.js";

let dir: string;
let config: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-context-"));
  config = writeMcpConfig(dir, { ctx: { command: process.execPath, args: [fromRoot("test/fixtures/context-server.mjs")], trust: "read-only" } });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("typemcp chat: resources, prompts and list_changed in a session", { timeout: 60_000 }, () => {
  test("lists resources and prompts, attaches a resource to the next message, runs a prompt as a user turn", async () => {
    const fake = await startFakeProvider("openai", () => ({ text: "Noted." }));
    try {
      const run = await typemcp(["chat", "--config", config, "--base-url", fake.baseUrl, "--model", "test-model"], {
        env: providerEnv({}),
        timeoutMs: 30_000,
        input: [
          "/resources",
          "/prompts",
          "/attach ctx:memo://today",
          "What is on my list?",
          "And @ctx:memo://today again?",
          "/prompt ctx__plan city=Boston",
          "/quit",
        ].join("\n"),
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain("ctx:memo://today  today — Today's list.\n");
      expect(run.stdout).toContain("ctx__plan city=…  Plan a day out.\n");
      expect(run.stdout).toContain("Attached ctx:memo://today to your next message.\n");
      const users = fake.generations().map((g) => g.messages.filter((m: any) => m.role === "user").at(-1).content);
      expect(users).toEqual([
        '<resource server="ctx" uri="memo://today">\nBuy milk.\n</resource>\n\nWhat is on my list?',
        '<resource server="ctx" uri="memo://today">\nBuy milk.\n</resource>\n\nAnd @ctx:memo://today again?',
        "Plan a day in Boston.",
      ]);
    } finally {
      await fake.close();
    }
  });

  test("a server's tools/list_changed reaches the model's next request", async () => {
    const fake = await startFakeProvider("anthropic", (index) => (index === 0 ? { calls: [{ name: "ctx__unlock", args: {} }] } : { text: "Unlocked." }));
    try {
      const run = await typemcp(
        ["chat", "--config", config, "--provider", "anthropic", "--base-url", fake.baseUrl, "--model", "test-model", "--prompt", "Unlock it."],
        {
          env: providerEnv({ ANTHROPIC_API_KEY: "k" }),
          timeoutMs: 30_000,
        },
      );
      expect(run.status).toBe(0);
      expect(run.stderr).toContain("[ctx] tools changed: 2 tools now.\n");
      expect(fake.generations().map((g) => sentTools("anthropic", g).map((t) => t.name))).toEqual([["ctx__unlock"], ["ctx__unlock", "ctx__secret"]]);
    } finally {
      await fake.close();
    }
  });
});
