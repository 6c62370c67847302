import type ts from "./typescript.cjs";
import type { BuildError } from "../../errors/build-error.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { deriveElicitation } from "./derive-elicitation.js";
import { findElicitations } from "./find-elicitations.js";
import { SchemaGenerator } from "./schema-generator.js";

/** The requested schemas of the `ctx.elicit<T>(message)` calls of some files, and what stops the build. */
export interface Elicitations {
  /** What the emit writes into each call, as its schema argument. */
  readonly schemas: ReadonlyMap<ts.CallExpression, JsonSchema>;
  readonly errors: readonly BuildError[];
}

/**
 * Derives the requested schema of each `ctx.elicit<T>(message)` call in `files`: the one path
 * shared by `typemcp build`, `typemcp dev` and the `typemcp/vite` plugin, as for components.
 * `generator` is made only when a file asks something (pass the build's to share it).
 */
export function deriveElicitations(program: ts.Program, files: readonly ts.SourceFile[], generator?: SchemaGenerator): Elicitations {
  const checker = program.getTypeChecker();
  const found = findElicitations(files, checker);
  const schemas = new Map<ts.CallExpression, JsonSchema>();
  const errors: BuildError[] = [];
  if (!found.length) return { schemas, errors };
  const generate = generator ?? new SchemaGenerator(program);
  for (const elicitation of found) {
    const derived = deriveElicitation(elicitation, checker, generate);
    if (derived.ok) schemas.set(elicitation.call, derived.schema);
    else errors.push(...derived.errors);
  }
  return { schemas, errors };
}
