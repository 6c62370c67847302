import type ts from "./typescript.cjs";
import type { BuildError } from "../../errors/build-error.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { deriveEach, type DerivedComponent, type Derivation } from "./derive-definitions.js";
import { deriveElicitations, type Elicitations } from "./derive-elicitations.js";
import { findCollisions } from "./find-collisions.js";
import type { FoundComponent } from "./find-components.js";
import type { Injection } from "./inject-definitions.js";
import type { BuildWarning } from "./build-warning.js";
import { SchemaGenerator } from "./schema-generator.js";
import type { PerFile } from "./file-memo.js";

/**
 * Derives the components in `found` and the `ctx.elicit<T>()` calls of `files`, file by file
 * through `perFile` (so a kept project re-derives only the files a change can reach), then
 * checks the names served twice across all of them, which no single file can tell.
 */
export function derivePerFile(
  program: ts.Program,
  found: readonly FoundComponent[],
  files: readonly ts.SourceFile[],
  perFile: PerFile,
): { readonly derivation: Derivation; readonly elicitations: Elicitations } {
  const byFile = new Map<ts.SourceFile, FoundComponent[]>();
  for (const component of found) {
    const file = component.method.getSourceFile();
    const mine = byFile.get(file) ?? [];
    mine.push(component);
    byFile.set(file, mine);
  }
  let generator: SchemaGenerator | undefined;
  const schemas = () => (generator ??= new SchemaGenerator(program));
  const components: DerivedComponent[] = [];
  const definitions = new Map<ts.Decorator, Injection>();
  const warnings: BuildWarning[] = [];
  const errors: BuildError[] = [];
  for (const [file, mine] of byFile) {
    const derived = perFile("derive", file, () => deriveEach(program, mine, schemas()));
    components.push(...derived.components);
    for (const [decorator, injection] of derived.definitions) definitions.set(decorator, injection);
    warnings.push(...derived.warnings);
    errors.push(...derived.errors);
  }
  errors.push(...findCollisions(program, found, program.getTypeChecker(), perFile));
  const elicited = new Map<ts.CallExpression, JsonSchema>();
  const elicitErrors: BuildError[] = [];
  for (const file of files) {
    const asked = perFile("elicit", file, () => deriveElicitations(program, [file], generator));
    for (const [call, schema] of asked.schemas) elicited.set(call, schema);
    elicitErrors.push(...asked.errors);
  }
  return { derivation: { components, definitions, warnings, errors }, elicitations: { schemas: elicited, errors: elicitErrors } };
}
