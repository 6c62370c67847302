import type ts from "typescript";
import path from "node:path";
import type { SourceLocation } from "../../errors/build-error.js";

/** Where `node` starts, with the file relative to the working directory as terminals print it. */
export function locationOf(node: ts.Node): SourceLocation {
  const file = node.getSourceFile();
  const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return { file: path.relative(process.cwd(), file.fileName) || file.fileName, line: line + 1, column: character + 1 };
}
