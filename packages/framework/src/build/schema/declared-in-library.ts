import type ts from "./typescript.cjs";
import { isStandardLibraryFile } from "./library-name.js";

/** Whether a symbol is declared only outside the author's code; see `createLibraryTest`. */
export type LibraryTest = (symbol: ts.Symbol | undefined) => boolean;

/**
 * A test for symbols declared only in TypeScript's standard library (its lib folder) or in a
 * dependency (`node_modules`, @types/node included): their JSDoc speaks to programmers of that
 * library, not to a model calling the author's tool. Decided by where the declaring file is,
 * because TypeScript 6's lib files no longer mark themselves `no-default-lib`.
 */
export function createLibraryTest(program: ts.Program): LibraryTest {
  const inLibrary = (file: ts.SourceFile): boolean =>
    isStandardLibraryFile(file) || program.isSourceFileFromExternalLibrary(file) || /[\\/]node_modules[\\/]/.test(file.fileName);
  return (symbol) => {
    const declarations = symbol?.declarations;
    return declarations !== undefined && declarations.length > 0 && declarations.every((d) => inLibrary(d.getSourceFile()));
  };
}
