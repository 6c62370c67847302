import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { installDeno } from "./support/deno.js";
import { installFromNpm, RUNTIME_PACKAGES } from "./support/runtimes.js";
import { fedBackResults, providerEnv, sentTools, startFakeProvider, type ScriptedTurn } from "./support/fake-providers.js";
import { nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";
import { fromRoot, TYPEMCP_CLI } from "./support/paths.js";
import { answerOnTerminal, canFakeTerminal } from "./support/terminal.js";

// `typemcp chat --code` end to end: a fake Anthropic API scripts the model's programs, the office
// servers are real MCP servers over stdio, and the programs run in Deno 2.9.6 from npm.
const OFFICE = fromRoot("test/fixtures/office-servers.mjs");
const deno = installDeno();
let dir: string;
let config: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-code-mode-"));
  config = writeMcpConfig(dir, { crm: { ...nodeServer(OFFICE, ["crm"]), trust: "read-only" }, mail: nodeServer(OFFICE, ["mail"]) });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const program = (code: string): ScriptedTurn => ({ calls: [{ name: "run_program", args: { code } }] });

async function chat(turns: ScriptedTurn[], extra: string[] = []) {
  const fake = await startFakeProvider("anthropic", (index) => turns[Math.min(index, turns.length - 1)]!);
  try {
    const args = [
      "chat",
      "--config",
      config,
      "--code",
      "--provider",
      "anthropic",
      "--model",
      "test-model",
      "--base-url",
      fake.baseUrl,
      "--prompt",
      "Tidy the CRM.",
      ...extra,
    ];
    const workerd = path.join(installFromNpm([RUNTIME_PACKAGES.workerd]), "node_modules", ".bin", "workerd");
    const env = providerEnv({ ANTHROPIC_API_KEY: "test-key", TYPEMCP_DENO: deno, TYPEMCP_WORKERD: workerd });
    const run = await typemcp(args, { env, timeoutMs: 240_000 });
    const generations = fake.generations();
    return { run, generations, results: generations.slice(1).map((body) => fedBackResults("anthropic", body)) };
  } finally {
    await fake.close();
  }
}

describe("typemcp chat --code", { timeout: 300_000 }, () => {
  test("offers one tool indexing the servers, finds tools from inside a program, runs one chaining calls whose intermediate results never reach the model, and leaves the used search out of the last request", async () => {
    const { run, generations, results } = await chat(
      [
        program('console.log(await codemode.search("list customer records", { limit: 1 }));\nconsole.log(await codemode.describe("crm.add_note"));'),
        program(
          [
            "const { records } = await crm.list_records();",
            'const lost = records.filter((r) => r.city === "Lyon" && r.status === "churned").slice(0, 3);',
            'for (const r of lost) await crm.add_note({ id: r.id, text: "Called to win back." });',
            'console.log(lost.map((r) => `${r.id} ${r.name}`).join("\\n"));',
          ].join("\n"),
        ),
        { text: "Noted three churned customers in Lyon: 6, 21 and 36." },
      ],
      ["--yes"],
    );
    expect(run.stderr).not.toContain("typemcp:");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("Noted three churned customers in Lyon: 6, 21 and 36.\n");
    // Every request carries one tool, not the 22 tools of crm and mail, and it starts from an index of the servers only.
    for (const body of generations) expect(sentTools("anthropic", body).map((t) => t.name)).toEqual(["run_program"]);
    const description = sentTools("anthropic", generations[0]).find((t) => t.name === "run_program")!.description;
    expect(description).toMatch(/namespace:\ncrm: [a-z, ]+\nmail: [a-z, ]+\n/);
    expect(JSON.stringify(generations[0])).not.toContain("add_note");
    // What the program printed of the tools is all the model read of them: one folded signature, one declaration.
    const [signature, ...declaration] = results[0]![0]!.text.split("\n");
    expect(signature).toBe("crm.list_records(): Promise<{records: {…}[]}> // List every customer record: id, name, email, city, status, revenue and notes.");
    expect(declaration.join("\n")).toContain("declare namespace crm {\n  /**\n   * Append a note to a customer record.");
    expect(declaration.join("\n")).toContain("  function add_note(args: {\n    /** The record's id. */\n    id: number;");
    expect(declaration.join("\n")).not.toContain("get_record");
    expect(results[1]).toEqual([{ id: expect.any(String), text: "6 Customer 6\n21 Customer 21\n36 Customer 36\n", isError: false }]);
    // The 100 records went from the server to the program, never to the model.
    expect(JSON.stringify(generations.at(-1))).not.toContain("customer50@example.com");
    // Once the second program ran, the search that found its tools is left out: the last request
    // holds the prompt and the second program, and the tool's description no longer indexes the servers.
    const last = generations.at(-1) as { messages: unknown[] };
    expect(JSON.stringify(generations[1])).toContain("codemode.search(");
    expect(JSON.stringify(last.messages)).not.toContain("codemode.search(");
    expect(last.messages).toHaveLength(3);
    expect(sentTools("anthropic", last)[0]!.description).not.toContain("crm:");
    expect(run.stderr).toContain("  → crm__list_records {}\n");
    expect(run.stderr).toContain('  → crm__add_note {"id":36,"text":"Called to win back."}\n');
  });

  test("keeps named values and helper functions from one program for the later programs of the session, typed, listed and bounded", async () => {
    const { run, results } = await chat([
      program(
        [
          "const { records } = await crm.list_records();",
          'await codemode.keep("lyon", records.filter((r) => r.city === "Lyon").map((r) => ({ id: r.id, status: r.status })));',
          'await codemode.keep("churned", (rows: { status: string }[]) => rows.filter((r) => r.status === "churned"));',
          'console.log("kept");',
        ].join("\n"),
      ),
      program('console.log(kept.churned(kept.lyon).map((r: { id: number }) => r.id).join(", "));'),
      program("console.log(kept.lyon[0].city);"),
      program('await codemode.keep("whole", "x".repeat(300_000));'),
      { text: "Done." },
    ]);
    expect(run.status).toBe(0);
    expect(results[0]![0]).toEqual({ id: expect.any(String), isError: false, text: "kept\n\n[kept for later programs: lyon (552 bytes), churned (function)]" });
    expect(results[1]![0]).toEqual({ id: expect.any(String), isError: false, text: "6, 21, 36, 51, 66, 81, 96\n" });
    // A kept value is declared with the type read from it: a field it does not have is a type error.
    expect(results[2]![0]!.isError).toBe(true);
    expect(results[2]![0]!.text).toContain("TS2339 [ERROR]: Property 'city' does not exist on type '{ id: number; status: string; }'.");
    expect(results[3]![0]).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^The program threw ToolCallError: codemode\.keep: whole is 300002 bytes; one kept value may have 262144\./),
    });
  });

  test("stops a program that tries the network, the file system or an endless loop, and tells the model", async () => {
    const { run, results } = await chat(
      [
        program('await fetch("http://127.0.0.1:8080/");'),
        program('console.log(await Deno.readTextFile("/etc/hostname"));'),
        program('console.log("spinning");\nwhile (true) {}'),
        { text: "The sandbox stopped all three." },
      ],
      ["--code-timeout", "2000"],
    );
    expect(run.status).toBe(0);
    expect(results[0]![0]).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^The program threw NotCapable: Requires net access to "127\.0\.0\.1:8080"/),
    });
    expect(results[1]![0]).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^The program threw NotCapable: Requires read access to "\/etc\/hostname"/),
    });
    expect(results[2]![0]).toEqual({
      id: expect.any(String),
      isError: true,
      text: "The program ran past its time limit (2000 ms, not counting its tool calls) and was stopped.\nIt printed before it stopped:\nspinning\n",
    });
  });

  test("gives the model a call with wrong arguments as a type error, before anything runs", async () => {
    const { run, results } = await chat([program('const r = await crm.get_record({ id: "7" });\nconsole.log(r.name);'), { text: "Fixed." }]);
    expect(run.status).toBe(0);
    expect(results[0]![0]!.isError).toBe(true);
    expect(results[0]![0]!.text).toMatch(
      /^The program does not type-check against the tools' declarations, so it did not run:\nTS2322 \[ERROR\]: Type 'string' is not assignable to type 'number'\.[\s\S]*at program\.ts:1:34/,
    );
    expect(run.stderr).not.toContain("→ crm__get_record");
  });

  test("runs the programs in workerd with --sandbox workerd: the same calls, the same type check, no network", async () => {
    const { run, results } = await chat(
      [
        program(
          'const { records } = await crm.list_records();\nconsole.log(records.length > 0, typeof (globalThis as any).Deno);\ntry { await fetch("http://127.0.0.1:9/"); } catch (e) { console.log(e.name); }',
        ),
        program('await crm.get_record({ id: "7" });'),
        { text: "Done." },
      ],
      ["--sandbox", "workerd"],
    );
    expect(run.status).toBe(0);
    expect(results[0]![0]!.text).toBe("true undefined\nNotCapable\n");
    expect(results[1]![0]!.isError).toBe(true);
    expect(results[1]![0]!.text).toMatch(/^The program does not type-check against the tools' declarations, so it did not run:\nTS2322 \[ERROR\]/);
  });

  test("tells the model a tool the host's policy denies exists but is not offered, not only that it does not exist", async () => {
    const { run, results } = await chat([program("await crm.delete_record({ id: 7 });"), { text: "Understood." }], ["--deny", "crm__delete_record"]);
    expect(run.status).toBe(0);
    const told = results[0]![0]!;
    expect(told.isError).toBe(true);
    expect(told.text).toContain("Property 'delete_record' does not exist on type 'typeof crm'");
    expect(told.text).toContain('crm.delete_record exists, but the host does not offer it: it matches --deny "crm__delete_record". Do not try it again.');
  });

  test("refuses a destructive call from a program when nobody can approve it, and the program sees why", async () => {
    const { run, results } = await chat([
      program("try { await crm.delete_record({ id: 3 }); } catch (e) { console.log(`${(e as Error).name}: ${(e as Error).message}`); }"),
      { text: "It was refused." },
    ]);
    expect(run.status).toBe(0);
    expect(results[0]![0]!.text).toBe(
      "ToolCallError: The host refused to call crm__delete_record: it is not marked read-only, and there is no terminal to ask for approval (run with --yes to approve every call, or --deny it).\n",
    );
  });

  test.skipIf(!canFakeTerminal)("asks on the terminal before a destructive call from a program runs, as for a direct call", async () => {
    const fake = await startFakeProvider("anthropic", (index) =>
      index === 0
        ? program('try { await crm.delete_record({ id: 3 }); console.log("deleted"); } catch (e) { console.log((e as Error).message); }')
        : { text: "Asked." },
    );
    try {
      const command = [
        "env",
        `ANTHROPIC_API_KEY=test-key`,
        `TYPEMCP_DENO=${deno}`,
        process.execPath,
        TYPEMCP_CLI,
        "chat",
        "--config",
        config,
        "--code",
        "--provider",
        "anthropic",
      ];
      const run = await answerOnTerminal(
        [...command, "--model", "test-model", "--base-url", fake.baseUrl, "--no-stream", "--prompt", "Delete record 3."],
        'Allow crm__delete_record {"id":3}? It is not marked read-only. [y]es / [N]o / [a]lways for this tool:',
        "n",
        240_000,
      );
      expect(run.status).toBe(0);
      expect(fedBackResults("anthropic", fake.generations()[1])[0]!.text).toBe("The user did not approve this call to crm__delete_record.\n");
    } finally {
      await fake.close();
    }
  });
});
