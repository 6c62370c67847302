import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import typemcp from "typemcp/vite";
import { createDevProject } from "../support/dev-project.js";
import { fromRoot } from "../support/paths.js";

// What vitest does with each file a test imports: the plugin's transform hook, called directly.
async function transform(options: Parameters<typeof typemcp>[0], file: string) {
  const warnings: string[] = [];
  const output = await typemcp(options).transform.call({ warn: (message) => void warnings.push(message) }, fs.readFileSync(file, "utf8"), file);
  return { output, warnings };
}

// Each test type-checks a whole project, as the build does: allow for a busy machine.
describe("typemcp/vite", { timeout: 60_000 }, () => {
  const projects: Array<{ remove(): void }> = [];
  afterAll(() => projects.forEach((p) => p.remove()));

  test("fails an unsupported signature with the build's own message, naming file:line, method and parameter", async () => {
    const file = fromRoot("test/fixtures/bad/src/bad-tools.ts");
    await expect(transform({ project: "test/fixtures/bad/tsconfig.json" }, file)).rejects.toThrow(
      'typemcp build would fail:\nerror test/fixtures/bad/src/bad-tools.ts:6:16 - BadTools.withCallback: parameter "onDone": a function cannot be sent as JSON',
    );
  });

  test("fails a type error the way tsc reports it", async () => {
    const project = createDevProject(
      'import { tool } from "typemcp";\nexport class T {\n  /** x */\n  @tool() f(a: number): number {\n    return a.toUpperCase();\n  }\n}\n',
    );
    projects.push(project);
    const file = path.join(project.dir, "src/server.ts");
    await expect(transform({}, file)).rejects.toThrow(/server\.ts\(5,14\): error TS2339: Property 'toUpperCase' does not exist on type 'number'\./);
  });

  test("writes the derived definition into the decorator call, as the build's emit does", async () => {
    const { output } = await transform({}, fromRoot("packages/calc-server/src/calculator.ts"));
    expect(output?.code).toMatch(/inputSchema[^]*The first addend\./);
    expect(output?.code).not.toMatch(/^\s*@tool/m);
    expect(JSON.parse(output!.map!)).toMatchObject({ sources: [expect.stringMatching(/calculator\.ts$/)] });
  });

  test("leaves files without decorators and files outside any project to Vite", async () => {
    expect((await transform({}, fromRoot("packages/calc-server/src/calc.ts"))).output).toBeNull();
    expect(await typemcp().transform.call({ warn: () => undefined }, "@tool() x", "/nowhere/at/all.ts")).toBeNull();
  });
});
