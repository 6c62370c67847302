import { expect } from "vitest";
import type { BuildError } from "../../../errors/build-error.js";
import { ArgumentValidator } from "../../../runtime/validation/argument-validator.js";
import type { GeneratedTool } from "../../../definitions/tool-definition.js";
import type { BuildWarning } from "../build-warning.js";
import { deriveSource } from "./derive-source.js";
import { compileStrict } from "./strict-ajv.js";

/** A fixture module: `declarations` at the top, `members` inside `class Fixture`. */
export function fixture(members: string, declarations = ""): string {
  return `import { tool } from "typemcp";\n${declarations}\nexport class Fixture {\n${members}\n}\n`;
}

/**
 * The one tool `members` declares, with the warnings the build gave; fails the test when it
 * does not derive, or when one of its schemas does not compile with ajv in strict mode.
 */
export function deriveWithWarnings(members: string, declarations = "", modules: Record<string, string> = {}): { tool: GeneratedTool; warnings: string[] } {
  const derived = deriveSource(fixture(members, declarations), modules);
  expect(derived).toHaveLength(1);
  const [only] = derived;
  if (!only?.ok) throw new Error(`expected a tool, got: ${only?.errors.map((e) => e.message).join("; ")}`);
  compileStrict(only.tool);
  return { tool: only.tool, warnings: only.warnings.map((w: BuildWarning) => w.message) };
}

/** The one tool `members` declares; see `deriveWithWarnings`. Fails the test when the build warns. */
export function deriveOne(members: string, declarations = "", modules: Record<string, string> = {}): GeneratedTool {
  const { tool, warnings } = deriveWithWarnings(members, declarations, modules);
  expect(warnings).toEqual([]);
  return tool;
}

/** The build errors of the one tool `source` declares. */
export function failOne(source: string, modules: Record<string, string> = {}): BuildError[] {
  const derived = deriveSource(source, modules);
  expect(derived).toHaveLength(1);
  const [only] = derived;
  if (!only || only.ok) throw new Error("expected the tool to be rejected");
  return only.errors;
}

/**
 * Runs each input through the tool's real `ArgumentValidator`: every `accepts` entry must pass,
 * every `rejects` entry must fail with exactly its lines.
 */
export function expectArguments(
  tool: GeneratedTool,
  cases: { accepts?: readonly object[]; rejects?: ReadonlyArray<readonly [object, readonly string[]]> },
): void {
  const validator = new ArgumentValidator(tool.inputSchema);
  for (const args of cases.accepts ?? []) expect(validator.check(structuredClone(args) as Record<string, unknown>), JSON.stringify(args)).toEqual([]);
  for (const [args, lines] of cases.rejects ?? [])
    expect(validator.check(structuredClone(args) as Record<string, unknown>), JSON.stringify(args)).toEqual(lines);
}
