import path from "node:path";
import ts from "./typescript.cjs";

/** The folder of the compiler's own `lib.*.d.ts` files, in TypeScript's forward-slash form. */
const LIB_FOLDER = path.posix.dirname(ts.getDefaultLibFilePath({}));

/**
 * Whether `file` is one of TypeScript's standard-library declaration files: a `lib.*.d.ts` of the
 * compiler that reads the types, or a `@typescript/lib-*` package that replaces one. Decided by
 * where the file is, not by its `/// <reference no-default-lib="true"/>` header, which
 * TypeScript 6.0's lib files no longer carry.
 */
export function isStandardLibraryFile(file: ts.SourceFile): boolean {
  const name = file.fileName;
  if (path.posix.dirname(name) === LIB_FOLDER && /^lib\.[\w.]*d\.ts$/.test(path.posix.basename(name))) return true;
  return /\/node_modules\/@typescript\/lib-[^/]+\//.test(name);
}

/** The name of a type declared in TypeScript's standard library (`Date`, `Set`), else undefined. */
export function libraryName(type: ts.Type): string | undefined {
  const symbol = type.getSymbol();
  const declaration = symbol?.declarations?.[0];
  return declaration && isStandardLibraryFile(declaration.getSourceFile()) ? symbol!.getName() : undefined;
}
