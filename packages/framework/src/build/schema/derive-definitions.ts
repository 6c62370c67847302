import ts from "./typescript.cjs";
import { BuildError } from "../../errors/build-error.js";
import type { GeneratedResource } from "../../definitions/resource-definition.js";
import type { GeneratedPrompt } from "../../definitions/prompt-definition.js";
import type { GeneratedTool } from "../../definitions/tool-definition.js";
import type { BuildWarning } from "./build-warning.js";
import { deriveComponent } from "./derive-component.js";
import { findCollisions } from "./find-collisions.js";
import { missingParentheses } from "./misplaced-decorators.js";
import type { FoundComponent } from "./find-components.js";
import type { Injection } from "./inject-definitions.js";
import { SchemaGenerator } from "./schema-generator.js";
import { locationOf } from "./source-location.js";

/** A derived tool, resource or prompt, with the name it is served under and the file it was declared in. */
export type DerivedComponent =
  | { readonly kind: "tool"; readonly file: string; readonly name: string; readonly definition: GeneratedTool }
  | { readonly kind: "resource"; readonly file: string; readonly name: string; readonly definition: GeneratedResource }
  | { readonly kind: "prompt"; readonly file: string; readonly name: string; readonly definition: GeneratedPrompt };

/** A derived tool. */
export type DerivedTool = Extract<DerivedComponent, { kind: "tool" }>;

/** Everything derived from a set of decorated methods. */
export interface Derivation {
  /** Each tool, resource and prompt, in declaration order. */
  readonly components: readonly DerivedComponent[];
  /** What the emit writes into each decorator call. */
  readonly definitions: ReadonlyMap<ts.Decorator, Injection>;
  /** What the author should hear about but need not fix, in source order. */
  readonly warnings: readonly BuildWarning[];
  /** Every signature that cannot be served; the build stops on any. */
  readonly errors: readonly BuildError[];
}

/**
 * Derives the definition of each component (decorated method) in `found` from `program`'s
 * types: the one path from types to schemas, shared by `typemcp build`, `typemcp dev` and the
 * `typemcp/vite` plugin, so a test never runs on a definition the build would not produce.
 */
export function deriveDefinitions(program: ts.Program, found: readonly FoundComponent[], schemas?: SchemaGenerator): Derivation {
  const derivation = deriveEach(program, found, schemas);
  // Names served twice: in one class and its bases, or in what one file serves together.
  return { ...derivation, errors: [...derivation.errors, ...findCollisions(program, found, program.getTypeChecker())] };
}

/**
 * `deriveDefinitions` without the check for names served twice, which needs every component at
 * once: what a build that derives file by file (and keeps each file's result) runs per file.
 */
export function deriveEach(program: ts.Program, found: readonly FoundComponent[], schemas?: SchemaGenerator): Derivation {
  const checker = program.getTypeChecker();
  const generator = found.length ? (schemas ?? new SchemaGenerator(program)) : undefined;
  const definitions = new Map<ts.Decorator, Injection>();
  const components: DerivedComponent[] = [];
  const errors: BuildError[] = [];
  const warnings: BuildWarning[] = [];

  for (const component of found) {
    if (!ts.isCallExpression(component.decorator.expression)) {
      errors.push(
        new BuildError("UNSUPPORTED_SIGNATURE", missingParentheses(component.kind, component.method.name.getText()), {
          location: locationOf(component.decorator),
        }),
      );
      continue;
    }
    const derived = deriveComponent(component, checker, generator!);
    warnings.push(...derived.warnings);
    if (!derived.ok) {
      errors.push(...derived.errors);
      continue;
    }
    // The definition goes in after the author's own arguments: `@resource(uri, options)`, `@tool(options)`.
    definitions.set(component.decorator, { generated: derived.definition, position: component.kind === "resource" ? 2 : 1 });
    components.push({
      kind: component.kind,
      file: component.method.getSourceFile().fileName,
      name: derived.name,
      definition: derived.definition,
    } as DerivedComponent);
  }
  return { components, definitions, warnings, errors };
}

/**
 * Throws what a derivation found wrong: an `AggregateError` of `BuildError`s carrying the
 * warnings as `warnings` (read them with `warningsOf`).
 */
export function assertDerived(derivation: Derivation): void {
  const { errors, warnings } = derivation;
  if (errors.length) throw Object.assign(new AggregateError(errors, `${errors.length} signature(s) cannot be served`), { warnings });
}
