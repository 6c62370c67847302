import path from "node:path";
import { describe, expect, test } from "vitest";
import type { BuildError } from "../../errors/build-error.js";
import { fixture } from "./__fixtures__/derive-one.js";
import { FIXTURE_FILE, createFixtureProgram } from "./__fixtures__/derive-source.js";
import { buildProgram } from "./build-project.js";
import { warningsOf } from "./build-warning.js";

/** The formatted errors (`file:line:column - message`) of the build of `source`; fails the test when it builds. */
function buildErrors(source: string, modules: Record<string, string> = {}): { errors: string[]; warnings: string[] } {
  try {
    buildProgram(createFixtureProgram(source, modules), { noEmit: true });
  } catch (error) {
    expect(error).toBeInstanceOf(AggregateError);
    const errors = (error as AggregateError).errors as BuildError[];
    return { errors: errors.map((e) => e.format()), warnings: warningsOf(error).map((w) => w.message) };
  }
  throw new Error("expected the build to fail");
}

// The framework's own sources are part of a fixture program, and they name Node's globals.
const WITH_NODE = `/// <reference types="node" />\nexport {};`;

const file = path.relative(process.cwd(), FIXTURE_FILE);
const other = path.relative(process.cwd(), path.join(path.dirname(FIXTURE_FILE), "clock.ts"));

describe("buildProgram", () => {
  test("reports a static @tool beside the unsupported signatures of other components and files, in one failure", () => {
    const { errors, warnings } = buildErrors(
      fixture(
        `@tool() static make(): Fixture { return new Fixture(); }
        @tool() run(callback: Function, data: unknown[]): void {}`,
        `import "./clock";\nimport "./with-node";`,
      ),
      { "./with-node.ts": WITH_NODE, "./clock.ts": `import { tool } from "typemcp";\nexport class Clock {\n  @tool() at(when: RegExp): void {}\n}\n` },
    );
    expect(errors).toEqual([
      `${file}:5:1 - @tool() applies to instance methods only; "make" is static. Remove \`static\`: a tool is called on the instance you pass to serve().`,
      `${other}:3:14 - Clock.at: parameter "when": a \`RegExp\` has no JSON form; take its source as a \`string\` (tag it \`@format regex\` to have it checked) and build the RegExp in the method`,
      `${file}:6:21 - Fixture.run: parameter "callback": a function cannot be sent as JSON`,
    ]);
    expect(warnings).toEqual([
      'Fixture.run: parameter "data": each element is typed `any` or `unknown`: its schema accepts any JSON value and tells a model nothing; give it a type',
    ]);
  });

  test("names a decorator written without parentheses in one line, with the fix, in place of TypeScript's errors", () => {
    const { errors } = buildErrors(
      fixture(
        `@tool greet(name: string): string { return name; }
        @tool() fine(): void {}`,
        `import "./with-node";`,
      ),
      { "./with-node.ts": WITH_NODE },
    );
    expect(errors).toEqual([`${file}:4:1 - @tool needs parentheses: write @tool() on "greet"; tool(…) makes the decorator.`]);
  });
});

describe("a tsconfig the build cannot serve from", () => {
  test('refuses "noEmit" and "emitDeclarationOnly", naming the setting, before building nothing', () => {
    for (const [setting, option] of [
      ['"noEmit": true', { noEmit: true }],
      ['"emitDeclarationOnly": true', { declaration: true, emitDeclarationOnly: true }],
    ] as const) {
      const program = createFixtureProgram(fixture(`@tool() ping(): string { return "pong"; }`));
      const withSetting = { ...program, getCompilerOptions: () => ({ ...program.getCompilerOptions(), ...option }) } as typeof program;
      expect(() => buildProgram(withSetting, { inMemory: true })).toThrow(
        `the tsconfig.json sets ${setting}, so the build would write no JavaScript to serve.`,
      );
    }
  });

  test("says what to write when there is no tsconfig.json", async () => {
    const { readProjectConfig } = await import("./load-program.js");
    expect(() => readProjectConfig("no-such-dir/tsconfig.json")).toThrow(/^there is no no-such-dir\/tsconfig\.json \(.*\)\. Write one beside package\.json/);
  });
});
