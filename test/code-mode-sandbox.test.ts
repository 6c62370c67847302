import { describe, expect, test } from "vitest";
import { createDenoSandbox, type BridgeAnswer, type SandboxRun } from "../packages/framework/src/host/code-mode/deno-sandbox.js";
import { installDeno } from "./support/deno.js";

// The sandbox itself, with a bridge answered in the test: what a program can reach and what stops it.
const deno = installDeno();
const declarations = `declare namespace crm {
  function get(args: { id: number }): Promise<{ id: number; name: string }>;
}
`;
const run = (code: string, extra: Partial<SandboxRun> = {}, limits = {}) => {
  const calls: Array<[string, unknown]> = [];
  const sandbox = createDenoSandbox({ deno, ...limits });
  return sandbox
    .run({
      code,
      language: "typescript",
      declarations,
      namespaces: { crm: { get: "crm__get" } },
      onCall: async (tool, args): Promise<BridgeAnswer> => {
        calls.push([tool, args]);
        const id = (args as { id: number }).id;
        return id === 13 ? { ok: false, message: "No record 13." } : { ok: true, value: { id, name: `record ${id}` } };
      },
      ...extra,
    })
    .then((outcome) => ({ ...outcome, bridged: calls }));
};

describe("the Deno sandbox", { timeout: 120_000 }, () => {
  test("runs a program whose tool calls go through the bridge, and returns what it prints", async () => {
    const outcome = await run(
      'const a = await crm.get({ id: 1 });\nconsole.log(a.name, { n: 2 });\ntry { await crm.get({ id: 13 }); } catch (e) { console.log("caught", (e as Error).message); }',
    );
    expect(outcome).toEqual({
      output: "record 1 { n: 2 }\ncaught No record 13.\n",
      calls: 2,
      bridged: [
        ["crm__get", { id: 1 }],
        ["crm__get", { id: 13 }],
      ],
    });
  });

  test("runs programs one after another in one warm process, each in a fresh isolate that sees nothing the last one left", async () => {
    const sandbox = createDenoSandbox({ deno });
    const program = (code: string) =>
      sandbox.run({ code, language: "typescript", declarations, namespaces: {}, onCall: async () => ({ ok: true, value: null }) });
    const first = await program("(globalThis as any).left = 1;\nconsole.log(Deno.pid);");
    const second = await program("console.log(typeof (globalThis as any).left, Deno.pid);");
    expect(second).toEqual({ output: `undefined ${first.output.trim()}\n`, calls: 0 });
    await sandbox.close?.();
  });

  test("type-checks strictly, but lets a caught error be read without a cast, as models write it", async () => {
    const outcome = await run('try { await crm.get({ id: 13 }); } catch (e) { console.log("caught", e.message); }');
    expect(outcome.output).toBe("caught No record 13.\n");
    const wrong = await run("const n: number = (await crm.get({ id: 1 })).name;");
    expect(wrong.failure?.message).toMatch(/TS2322 \[ERROR\]: Type 'string' is not assignable to type 'number'/);
  });

  test("stops a program that reaches for the network, files, the environment or a subprocess", async () => {
    const outcome = await run(
      [
        'for (const attempt of [() => fetch("http://127.0.0.1:8080/"), () => Deno.readTextFile("/etc/hostname"), async () => Deno.env.get("HOME"), async () => new Deno.Command("ls").output()]) {',
        "  try { await attempt(); console.log('reached'); } catch (e) { console.log((e as Error).name); }",
        "}",
      ].join("\n"),
    );
    expect(outcome.output).toBe("NotCapable\nNotCapable\nNotCapable\nNotCapable\n");
    expect(outcome.failure).toBeUndefined();
  });

  test("refuses a program that would load a module, before running it", async () => {
    const outcome = await run('const m = await import("/etc/hostname", { with: { type: "text" } });');
    expect(outcome.failure).toEqual({ kind: "refused", message: expect.stringMatching(/^The program uses "import": programs cannot load modules/) });
  });

  test("reports a call with wrong arguments as a type error naming the program's own line", async () => {
    const outcome = await run('console.log("start");\nawait crm.get({ id: "7" });');
    expect(outcome.bridged).toEqual([]);
    expect(outcome.failure?.kind).toBe("type-error");
    expect(outcome.failure?.message).toMatch(
      /^The program does not type-check against the tools' declarations, so it did not run:\nTS2322 \[ERROR\]: Type 'string' is not assignable to type 'number'\./,
    );
    expect(outcome.failure?.message).toContain("at program.ts:2:17");
    expect(outcome.failure?.message).not.toMatch(/tmp|file:/);
  });

  test("stops an endless loop at its time limit, a heap that grows past its memory limit, and output past its cap", async () => {
    const loop = await run("while (true) {}", {}, { timeoutMs: 1000 });
    expect(loop.failure).toEqual({ kind: "timeout", message: "The program ran past its time limit (1000 ms, not counting its tool calls) and was stopped." });
    const memory = await run("const keep: string[] = [];\nwhile (true) keep.push('x'.repeat(1024) + keep.length);", {}, { memoryMb: 32, timeoutMs: 60_000 });
    expect(memory.failure?.kind).toBe("memory");
    const chatty = await run('for (let i = 0; ; i++) console.log("line", i);', {}, { outputLimit: 200 });
    expect(chatty.failure?.kind).toBe("output-limit");
    expect(chatty.output.length).toBe(200);
  });

  test("bounds memory outside the heap: ArrayBuffers past the process's limit stop the program, which gets no more", async () => {
    const code =
      "const held = [];\nfor (let i = 0; i < 64; i++) { held.push(new ArrayBuffer(64 * 1024 * 1024)); new Uint8Array(held[i]).fill(1); }\nconsole.log(held.length * 64, 'MB held');";
    const outcome = await run(code, { language: "javascript" }, { processMemoryMb: 1024, timeoutMs: 60_000 });
    expect(outcome.output).toBe("");
    expect(outcome.failure).toEqual({ kind: "memory", message: "The program ran out of memory (the sandbox's memory limit) and was stopped." });
  });

  test("stops a program that writes one endless line to stdout, holding no more of it than it may print", async () => {
    const code = 'const chunk = new TextEncoder().encode("x".repeat(1 << 20));\nwhile (true) Deno.stdout.writeSync(chunk);';
    const outcome = await run(code, { language: "javascript" }, { outputLimit: 5_000, timeoutMs: 60_000 });
    expect(outcome.failure?.kind).toBe("output-limit");
    expect(outcome.output).toBe("x".repeat(5_000));
  });

  test("reports an exception with the program's line", async () => {
    const outcome = await run('await crm.get({ id: 1 });\nthrow new RangeError("too far");');
    expect(outcome.failure).toEqual({
      kind: "exception",
      message: expect.stringMatching(/^The program threw RangeError: too far\n\s*at program \(?program\.ts:2:7\)?/),
    });
  });
});
