import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

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
    // The release typemcp pins, from its own package.json (the same path from src/ and dist/).
    const pinned: string = require("../../../package.json").dependencies.typescript;
    return `typemcp cannot find its TypeScript compiler (typescript@${pinned}, a dependency of typemcp); reinstall typemcp: npm install --save-dev typemcp`;
  }
}
