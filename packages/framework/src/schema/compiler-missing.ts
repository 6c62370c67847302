import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The TypeScript release typemcp reads types with; package.json pins the same version. */
export const READER_TYPESCRIPT = "5.9.3";

/**
 * Why typemcp's own TypeScript compiler cannot be loaded (one line saying what to install), or
 * undefined when it can. Checked before the build modules load, since their first line needs it:
 * an install that lost it (`--omit`, a hand-pruned node_modules) otherwise ends in a raw
 * "Cannot find module 'typescript'" stack.
 */
export function compilerMissing(): string | undefined {
  try {
    require.resolve("typescript");
    return undefined;
  } catch {
    return `typemcp cannot find its TypeScript compiler (typescript@${READER_TYPESCRIPT}, a dependency of typemcp); reinstall typemcp: npm install --save-dev typemcp`;
  }
}
