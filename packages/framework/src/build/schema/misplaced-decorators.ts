import ts from "./typescript.cjs";
import { BuildError } from "../../errors/build-error.js";
import { afresh, type PerFile } from "./file-memo.js";
import { decoratorName } from "./find-components.js";
import { locationOf } from "./source-location.js";

const MEMBER_DECORATORS = new Set(["tool", "resource", "prompt"]);

/** The misplaced typemcp decorators in a program, and a test for the TypeScript errors they cause. */
export interface MisplacedDecorators {
  readonly errors: readonly BuildError[];
  /** The misplaced decorators themselves, so the build derives nothing for them. */
  readonly decorators: ReadonlySet<ts.Decorator>;
  /** True for a TypeScript diagnostic raised at one of these decorators (typemcp's message replaces it). */
  covers(diagnostic: ts.Diagnostic): boolean;
}

/**
 * Finds `@tool()`, `@resource()` and `@prompt()` on anything but an instance method: getters,
 * setters, fields (an arrow function in a property too), static and `#private` members.
 * TypeScript rejects each of these through the decorators' types, in words about overloads;
 * the build says what is wrong and how to write it instead.
 */
export function findMisplacedDecorators(program: ts.Program, perFile: PerFile = afresh): MisplacedDecorators {
  const checker = program.getTypeChecker();
  const found: Misplaced[] = [];
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    found.push(...perFile("misplaced", file, () => misplacedIn(file, checker)));
  }
  return {
    errors: found.map((m) => m.error),
    decorators: new Set(found.map((m) => m.decorator)),
    covers: (d) =>
      d.file !== undefined && d.start !== undefined && found.some((m) => m.file.fileName === d.file!.fileName && d.start! >= m.start && d.start! < m.end),
  };
}

interface Misplaced {
  readonly error: BuildError;
  readonly decorator: ts.Decorator;
  readonly file: ts.SourceFile;
  readonly start: number;
  readonly end: number;
}

function misplacedIn(file: ts.SourceFile, checker: ts.TypeChecker): Misplaced[] {
  const found: Misplaced[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassElement(node) || ts.isClassLike(node) || ts.isParameter(node)) {
      for (const decorator of ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []) {
        const kind = decoratorName(decorator, checker);
        if (!kind || !MEMBER_DECORATORS.has(kind)) continue;
        const problem = ts.isCallExpression(decorator.expression) ? placementProblem(kind, node) : missingParentheses(kind, memberName(node));
        if (!problem) continue;
        const error = new BuildError("UNSUPPORTED_SIGNATURE", problem, { location: locationOf(decorator) });
        found.push({ error, decorator, file, start: decorator.getStart(file), end: decorator.end });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * What is wrong with `@tool`, `@resource` or `@prompt` written without its call, and the fix.
 * TypeScript's own words for it are about decorator signatures and overloads.
 */
export function missingParentheses(kind: string, name: string): string {
  const call = kind === "resource" ? '@resource("uri://…")' : `@${kind}()`;
  return `@${kind} needs parentheses: write ${call} on "${name}"; ${kind}(…) makes the decorator.`;
}

function memberName(node: ts.Node): string {
  return ts.isClassElement(node) && node.name ? node.name.getText() : ts.isClassLike(node) ? (node.name?.text ?? "the class") : "a parameter";
}

/** What is wrong with putting a method decorator on `node`, and the fix; undefined for an instance method. */
function placementProblem(kind: string, node: ts.Node): string | undefined {
  const problem = problemWith(node);
  return problem && `@${kind}() applies to instance methods only; ${problem}`;
}

function problemWith(node: ts.Node): string | undefined {
  const name = memberName(node);
  const isStatic = ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
  if (ts.isMethodDeclaration(node)) {
    if (ts.isPrivateIdentifier(node.name)) return `"${name}" is #private. Make it a public method (TypeScript's \`private\` keyword is fine).`;
    if (isStatic) return `"${name}" is static. Remove \`static\`: a tool is called on the instance you pass to serve().`;
    return undefined;
  }
  if (ts.isGetAccessorDeclaration(node)) return `"${name}" is a getter. Write it as a method: ${name}() { … }.`;
  if (ts.isSetAccessorDeclaration(node)) return `"${name}" is a setter. Write it as a method that takes the value: ${name}(value) { … }.`;
  if (ts.isPropertyDeclaration(node)) {
    const holdsFunction = node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer));
    return holdsFunction
      ? `"${name}" is a field holding a function. Write it as a method: ${name}(…) { … }.`
      : `"${name}" is a field. Put the decorator on a method.`;
  }
  if (ts.isClassLike(node)) return `it is on class ${name}. Put it on each method to serve.`;
  return `it is on ${name}. Put it on the method.`;
}
