import { randomBytes } from "node:crypto";
import ts from "./typescript.cjs";
import { parseEmitted } from "./emitted-syntax.js";

/*
 * The bundler renames a top-level name that two modules both declare (an author's class `Server`
 * beside the SDK's becomes `Server2`), and with it the class's `name`, which typemcp's start-up
 * errors print. After each top-level class of the author's modules (a declaration, or a binding
 * of a class expression or of a decorated class's IIFE), the bundle gets a statement that sets
 * the name back if it changed: once per class, at start-up.
 *
 * Finding those statements in emitted text means parsing it, which on a file of a thousand tools
 * costs more than the rest of its bundling. So a build that bundles has TypeScript's emit mark
 * each one with a comment where it ends (`markClassNames`); the bundle reads the marks, and the
 * files written to disk lose them (`withoutClassNameMarks`). A file emitted without marks
 * (`removeComments`, decorators lowered afterwards) is parsed, as before.
 */

// With a token of this run's own, so no comment an author wrote can be taken for one.
const TAG = `typemcp-class-names-${randomBytes(6).toString("hex")}`;
const MARK = `/*${TAG} `;
const MARKS = new RegExp(`\\s?/\\*${TAG} [^*]*\\*/`, "g");

/** An `after` transform for TypeScript's emit: marks the end of each top-level statement that binds a class, with its names. */
export const markClassNames: ts.TransformerFactory<ts.SourceFile> = () => (file) => {
  for (const statement of file.statements) {
    const names = classNamesOf(statement);
    if (names.length) ts.addSyntheticTrailingComment(statement, ts.SyntaxKind.MultiLineCommentTrivia, `${TAG} ${names.join(",")}`);
  }
  return file;
};

/** `text` without the marks `markClassNames` left: what TypeScript emits without them. */
export function withoutClassNameMarks(text: string): string {
  return text.includes(MARK) ? text.replace(MARKS, "") : text;
}

/**
 * `text` (the emitted JavaScript of `file`, from `source`) with a statement after each top-level
 * class that gives the class back its own name if the bundler renamed it.
 */
export function keepClassNames(text: string, file: string, source: ts.SourceFile | undefined): string {
  // A source file with no class at its top level emits none.
  if (source && !source.statements.some((s) => classNamesOf(s).length > 0)) return text;
  if (text.includes(MARK)) return text.replace(MARKS, (mark) => keepStatements(mark.slice(mark.indexOf(MARK) + MARK.length, -2).split(",")));
  const edits: Array<{ at: number; insert: string }> = [];
  for (const statement of parseEmitted(file, text).statements) {
    const names = classNamesOf(statement);
    if (names.length) edits.push({ at: statement.getEnd(), insert: keepStatements(names) });
  }
  let result = text;
  for (const { at, insert } of edits.sort((a, b) => b.at - a.at)) result = result.slice(0, at) + insert + result.slice(at);
  return result;
}

function keepStatements(names: readonly string[]): string {
  return names
    .map(
      (name) =>
        `;typeof ${name}==="function"&&${name}.name!==${JSON.stringify(name)}&&Object.defineProperty(${name},"name",{value:${JSON.stringify(name)},configurable:true});`,
    )
    .join("");
}

/** The classes a top-level statement binds: a class declaration, or variables holding a class. */
function classNamesOf(statement: ts.Statement): string[] {
  if (ts.isClassDeclaration(statement)) return statement.name ? [statement.name.text] : [];
  if (!ts.isVariableStatement(statement)) return [];
  return statement.declarationList.declarations.flatMap((d) =>
    ts.isIdentifier(d.name) && d.initializer && holdsClass(d.initializer, d.name.text) ? [d.name.text] : [],
  );
}

/** `class …`, or the IIFE TypeScript emits for a decorated class: `(() => { … class Name … })()`, `(() => { … return class Name … })()`. */
function holdsClass(value: ts.Expression, name: string): boolean {
  if (ts.isClassExpression(value)) return true;
  if (!ts.isCallExpression(value)) return false;
  let callee: ts.Expression = value.expression;
  while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
  if (!(ts.isArrowFunction(callee) || ts.isFunctionExpression(callee)) || !ts.isBlock(callee.body)) return false;
  return callee.body.statements.some(
    (s) =>
      (ts.isClassDeclaration(s) && s.name?.text === name) ||
      (ts.isReturnStatement(s) && !!s.expression && ts.isClassExpression(s.expression) && s.expression.name?.text === name),
  );
}
