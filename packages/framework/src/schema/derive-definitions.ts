import ts from "typescript";
import { BuildError } from "../errors/build-error.js";
import type { GeneratedPrompt, GeneratedResource } from "../member-definition.js";
import type { GeneratedTool } from "../tool-definition.js";
import type { BuildWarning } from "./build-warning.js";
import { deriveMember } from "./derive-member.js";
import { deriveTool } from "./derive-tool.js";
import { findCollisions } from "./find-collisions.js";
import type { MemberMethod, ToolMethod } from "./find-tool-methods.js";
import type { Injection } from "./inject-definitions.js";
import { SchemaGenerator } from "./schema-generator.js";
import { locationOf } from "./source-location.js";

/** A derived tool, with the file it was declared in. */
export interface DerivedTool {
  readonly file: string;
  readonly name: string;
  readonly definition: GeneratedTool;
}

/** A derived `@resource` or `@prompt` method, with the file it was declared in. */
export interface DerivedMember {
  readonly kind: "resource" | "prompt";
  readonly file: string;
  readonly name: string;
  readonly definition: GeneratedResource | GeneratedPrompt;
}

/** Everything derived from a set of decorated methods. */
export interface Derivation {
  /** Each tool, in declaration order. */
  readonly tools: readonly DerivedTool[];
  /** Each `@resource` and `@prompt` method, in declaration order. */
  readonly members: readonly DerivedMember[];
  /** What the emit writes into each decorator call. */
  readonly definitions: ReadonlyMap<ts.Decorator, Injection>;
  /** What the author should hear about but need not fix, in source order. */
  readonly warnings: readonly BuildWarning[];
  /** Every signature that cannot be served; the build stops on any. */
  readonly errors: readonly BuildError[];
}

/**
 * Derives the definition of each decorated method in `found` from `program`'s types: the one
 * path from types to schemas, shared by `typemcp build`, `typemcp dev` and the `typemcp/vite`
 * plugin, so a test never runs on a definition the build would not produce.
 */
export function deriveDefinitions(program: ts.Program, found: readonly MemberMethod[], schemas?: SchemaGenerator): Derivation {
  const checker = program.getTypeChecker();
  const generator = found.length ? (schemas ?? new SchemaGenerator(program)) : undefined;
  const definitions = new Map<ts.Decorator, Injection>();
  const tools: DerivedTool[] = [];
  const members: DerivedMember[] = [];
  const errors: BuildError[] = [];
  const warnings: BuildWarning[] = [];

  for (const member of found) {
    if (!ts.isCallExpression(member.decorator.expression)) {
      errors.push(new BuildError("UNSUPPORTED_SIGNATURE", `${member.method.name.getText()}: write @${member.kind}() with parentheses.`, { location: locationOf(member.decorator) }));
      continue;
    }
    if (member.kind === "tool") continue;
    const derived = deriveMember(member, checker, generator!);
    warnings.push(...derived.warnings);
    if (!derived.ok) {
      errors.push(...derived.errors);
      continue;
    }
    definitions.set(member.decorator, { generated: derived.definition, position: member.kind === "resource" ? 2 : 1 });
    members.push({ kind: member.kind, file: member.method.getSourceFile().fileName, name: derived.name, definition: derived.definition });
  }

  for (const method of found.filter((m) => m.kind === "tool") as ToolMethod[]) {
    if (!ts.isCallExpression(method.decorator.expression)) continue;
    const derived = deriveTool(method, checker, generator!);
    warnings.push(...derived.warnings);
    if (!derived.ok) {
      errors.push(...derived.errors);
      continue;
    }
    const name = literalName(method.decorator.expression) ?? derived.tool.method;
    definitions.set(method.decorator, { generated: derived.tool, position: 1 });
    tools.push({ file: method.method.getSourceFile().fileName, name, definition: derived.tool });
  }
  // Names served twice: in one class and its bases, or in what one file serves together.
  errors.push(...findCollisions(program, found, checker));
  return { tools, members, definitions, warnings, errors };
}

/**
 * Throws what a derivation found wrong: an `AggregateError` of `BuildError`s carrying the
 * warnings as `warnings` (read them with `warningsOf`).
 */
export function assertDerived(derivation: Derivation): void {
  const { errors, warnings } = derivation;
  if (errors.length) throw Object.assign(new AggregateError(errors, `${errors.length} signature(s) cannot be served`), { warnings });
}

function literalName(call: ts.CallExpression): string | undefined {
  const options = call.arguments[0];
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === "name" && ts.isStringLiteralLike(property.initializer)) {
      return property.initializer.text;
    }
  }
  return undefined;
}
