import ts from "./typescript.cjs";
import path from "node:path";
import { BuildError } from "../../errors/build-error.js";
import { servedName, type FoundComponent } from "./find-components.js";
import { locationOf } from "./source-location.js";
import { afresh, type PerFile } from "./file-memo.js";
import { findServeCalls } from "./find-serve-calls.js";

/** One served name (a tool or prompt name, a resource URI) and where it is declared. */
interface Served {
  readonly kind: FoundComponent["kind"];
  readonly name: string;
  readonly component: FoundComponent;
  readonly label: string;
}

const WHAT = { tool: "tool", resource: "resource URI", prompt: "prompt" } as const;
const CODE = { tool: "DUPLICATE_TOOL_NAME", resource: "DUPLICATE_RESOURCE_URI", prompt: "DUPLICATE_PROMPT_NAME" } as const;

/**
 * Two tools (or prompts, or resources on one URI) with the same name where the build can see
 * they are served together: in one class with its base classes, or in classes one file passes
 * to `serve()`, `createServer()` and `add()`. Each error names both declarations. What the build
 * cannot see, `serve()` checks at start-up.
 */
export function findCollisions(program: ts.Program, components: readonly FoundComponent[], checker: ts.TypeChecker, perFile: PerFile = afresh): BuildError[] {
  const byClass = new Map<ts.ClassLikeDeclaration, FoundComponent[]>();
  for (const m of components) byClass.set(m.klass, [...(byClass.get(m.klass) ?? []), m]);
  const errors: BuildError[] = [];
  const reported = new Set<string>();
  const check = (served: readonly Served[], context: string) => {
    const first = new Map<string, Served>();
    for (const s of served) {
      const key = `${s.kind}\0${s.name}`;
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, s);
        continue;
      }
      const pair = `${key}\0${earlier.label}\0${s.label}`;
      if (reported.has(pair)) continue;
      reported.add(pair);
      const where = locationOf(earlier.component.method);
      const rename = s.kind === "resource" ? "give one another URI" : `rename one with @${s.kind}({ name: "…" })`;
      errors.push(
        new BuildError(
          CODE[s.kind],
          `${WHAT[s.kind]} "${s.name}" is declared twice${context}: ${s.label} here and ${earlier.label} at ${where.file}:${where.line}; ${rename}.`,
          {
            location: locationOf(s.component.method),
          },
        ),
      );
    }
  };
  for (const klass of byClass.keys()) check(servedBy(klass, byClass, checker), "");
  for (const [file, { classes }] of findServeCalls(program, checker, perFile)) {
    const served = classes.flatMap((klass) => servedBy(klass, byClass, checker));
    check(served, ` in what ${path.relative(process.cwd(), file.fileName) || file.fileName} serves`);
  }
  return errors;
}

/** The components a class serves: its base classes' first, an override replacing what it overrides. */
function servedBy(klass: ts.ClassLikeDeclaration, byClass: ReadonlyMap<ts.ClassLikeDeclaration, FoundComponent[]>, checker: ts.TypeChecker): Served[] {
  const byKey = new Map<string, Served>();
  for (const declaration of classChain(klass, checker)) {
    for (const m of byClass.get(declaration) ?? []) {
      const className = declaration.name?.text ?? "(anonymous class)";
      byKey.set(m.method.name.getText(), { kind: m.kind, name: servedName(m), component: m, label: `${className}.${m.method.name.getText()}` });
    }
  }
  return [...byKey.values()];
}

function classChain(klass: ts.ClassLikeDeclaration, checker: ts.TypeChecker): ts.ClassLikeDeclaration[] {
  const chain: ts.ClassLikeDeclaration[] = [];
  for (let current: ts.ClassLikeDeclaration | undefined = klass; current && !chain.includes(current); ) {
    chain.unshift(current);
    const heritage: ts.ExpressionWithTypeArguments | undefined = current.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    const base: ts.Declaration | undefined = heritage ? checker.getTypeAtLocation(heritage.expression).getSymbol()?.valueDeclaration : undefined;
    current = base && ts.isClassLike(base) ? base : undefined;
  }
  return chain;
}
