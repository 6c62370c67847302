import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fedBackResults, providerEnv, sentTools, startFakeProvider, type ScriptedTurn } from "./support/fake-providers.js";
import { nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";
import { fromRoot } from "./support/paths.js";

// A stdio server that exits under a call (test/fixtures/office-servers.mjs --crash-on): typemcp
// chat starts it again once, and withdraws its tools if that does not help.
const OFFICE = fromRoot("test/fixtures/office-servers.mjs");
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-crash-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("typemcp chat: a server that crashes", { timeout: 120_000 }, () => {
  const crashing = (extra: string[], tool = "add_note") =>
    writeMcpConfig(fs.mkdtempSync(path.join(dir, "crash-")), {
      crm: { ...nodeServer(OFFICE, ["crm", "--crash-on", tool, ...extra]), trust: "read-only" },
    });
  const run = async (file: string, turns: ScriptedTurn[]) => {
    const fake = await startFakeProvider("anthropic", (index) => turns[Math.min(index, turns.length - 1)]!);
    try {
      const args = ["chat", "--config", file, "--yes", "--provider", "anthropic", "--model", "test-model", "--base-url", fake.baseUrl, "--prompt", "Note it."];
      const done = await typemcp(args, { env: providerEnv({ ANTHROPIC_API_KEY: "test-key" }), timeoutMs: 90_000 });
      return { done, generations: fake.generations() };
    } finally {
      await fake.close();
    }
  };
  const note = { calls: [{ name: "crm__add_note", args: { id: 1, text: "hi" } }] };

  test("is started again once and a read-only call sent again", async () => {
    const file = crashing(["--once", path.join(dir, `crashed-${Date.now()}`)], "get_record");
    const { done, generations } = await run(file, [{ calls: [{ name: "crm__get_record", args: { id: 1 } }] }, { text: "Found." }]);
    expect(done.status).toBe(0);
    expect(done.stderr).toMatch(/\[crm\] the server stopped \(.*\); starting it again, once\.\n/);
    expect(fedBackResults("anthropic", generations[1])[0]).toMatchObject({ isError: false });
    expect(fedBackResults("anthropic", generations[1])[0]!.text).toContain('"id":1');
  });

  test("is started again once, but a call that may have changed something is not sent again: the model is told", async () => {
    const file = crashing(["--once", path.join(dir, `crashed-${Date.now()}`)]);
    const { done, generations } = await run(file, [note, { text: "I will check first." }]);
    expect(done.status).toBe(0);
    expect(done.stderr).toMatch(/\[crm\] the server stopped \(.*\); starting it again, once\.\n/);
    expect(done.stderr).toContain("[crm] add_note was not sent again: it may have run before the server stopped.\n");
    const told = fedBackResults("anthropic", generations[1])[0]!;
    expect(told.isError).toBe(true);
    expect(told.text).toContain("add_note was not sent again: it is not marked read-only or idempotent by a trusted server");
    // The server is back: its tools are still offered.
    expect(sentTools("anthropic", generations[1]).length).toBeGreaterThan(0);
  });

  test("that crashes again is shown as stopped by /servers, with no tools", async () => {
    const file = crashing([], "get_record");
    const turns: ScriptedTurn[] = [{ calls: [{ name: "crm__get_record", args: { id: 1 } }] }, { text: "It is gone." }];
    const fake = await startFakeProvider("anthropic", (index) => turns[Math.min(index, turns.length - 1)]!);
    try {
      const args = ["chat", "--config", file, "--yes", "--provider", "anthropic", "--model", "test-model", "--base-url", fake.baseUrl];
      const done = await typemcp(args, { env: providerEnv({ ANTHROPIC_API_KEY: "test-key" }), timeoutMs: 90_000, input: "Look it up.\n/servers\n/quit\n" });
      expect(done.status).toBe(0);
      expect(done.stdout).toMatch(/^crm: crm 1\.0\.0, stopped: its tools are withdrawn, /m);
    } finally {
      await fake.close();
    }
  });

  test("that crashes again on the call sent again has its tools withdrawn, and the model is told", async () => {
    const { done, generations } = await run(crashing([], "get_record"), [{ calls: [{ name: "crm__get_record", args: { id: 1 } }] }, { text: "It is gone." }]);
    expect(done.status).toBe(0);
    expect(done.stderr).toContain("[crm] the server stopped and could not be started again: its tools are withdrawn.\n");
    const told = fedBackResults("anthropic", generations[1])[0]!;
    expect(told.isError).toBe(true);
    expect(told.text).toContain('The server "crm" stopped and could not be started again: its tools are withdrawn for the rest of the session.');
    expect(sentTools("anthropic", generations[1])).toEqual([]);
  });
});
