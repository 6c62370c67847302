import ts from "typescript";
import { BuildError } from "../errors/build-error.js";
import type { GeneratedPrompt, GeneratedResource } from "../member-definition.js";
import type { BuildWarning } from "./build-warning.js";
import type { Reporter } from "./derive-parameters.js";
import { derivePrompt } from "./derive-prompt.js";
import { deriveResource } from "./derive-resource.js";
import type { MemberMethod } from "./find-tool-methods.js";
import type { SchemaGenerator } from "./schema-generator.js";
import { locationOf } from "./source-location.js";

/** What a `@resource` or `@prompt` method derives to, or every reason it cannot be served. */
export type DerivedMember =
  | { ok: true; name: string; definition: GeneratedResource | GeneratedPrompt; warnings: BuildWarning[] }
  | { ok: false; errors: BuildError[]; warnings: BuildWarning[] };

/** Derives a resource's or prompt's definition from its method's signature and JSDoc. */
export function deriveMember(member: MemberMethod, checker: ts.TypeChecker, schemas: SchemaGenerator): DerivedMember {
  const where = `${member.klass.name?.text ?? "(anonymous class)"}.${member.method.name.getText()}`;
  const errors: BuildError[] = [];
  const warnings: BuildWarning[] = [];
  const report: Reporter = {
    fail: (node, message) => errors.push(new BuildError("UNSUPPORTED_SIGNATURE", `${where}: ${message}`, { location: locationOf(node) })),
    warn: (node, message) => warnings.push({ message: `${where}: ${message}`, location: locationOf(node) }),
  };
  const call = member.decorator.expression as ts.CallExpression;
  if (member.method.typeParameters?.length) report.fail(member.method, `generic methods cannot be ${member.kind}s`);
  let definition: GeneratedResource | GeneratedPrompt;
  let name: string;
  if (member.kind === "resource") {
    const uri = call.arguments[0];
    if (!uri || !ts.isStringLiteralLike(uri)) {
      report.fail(call, "@resource() needs its URI or URI template as a string literal, so the build can match its variables to parameters");
      return { ok: false, errors, warnings };
    }
    definition = deriveResource(member.method, uri.text, checker, schemas, report);
    name = uri.text;
  } else {
    definition = derivePrompt(member.method, checker, report);
    name = literalOption(call.arguments[0], "name") ?? definition.method;
  }
  return errors.length ? { ok: false, errors, warnings } : { ok: true, name, definition, warnings };
}

function literalOption(options: ts.Expression | undefined, key: string): string | undefined {
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === key && ts.isStringLiteralLike(property.initializer)) return property.initializer.text;
  }
  return undefined;
}
