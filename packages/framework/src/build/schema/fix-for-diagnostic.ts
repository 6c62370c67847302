import type ts from "typescript";

// TypeScript errors a new project meets when its module settings and package.json disagree,
// with the change that fixes each; tsc's own text says what is wrong but not what to do.
const FIXES: Record<number, string> = {
  // A CommonJS file importing typemcp, an ES module.
  1479: 'add "type": "module" to package.json (or name the file .mts); typemcp build bundles the server into one file either way.',
  1471: 'add "type": "module" to package.json (or name the file .mts); typemcp build bundles the server into one file either way.',
  // Top-level await in a file that compiles to CommonJS, or under a module setting without it.
  1309: 'call serve(...) without await, or add "type": "module" to package.json (or name the file .mts).',
  1378: 'call serve(...) without await, or set "module": "nodenext" in tsconfig.json and "type": "module" in package.json.',
  1375: 'call serve(...) without await, or set "module": "nodenext" in tsconfig.json and "type": "module" in package.json.',
  1432: 'call serve(...) without await, or set "module": "nodenext" in tsconfig.json and "type": "module" in package.json.',
  // import/export in a CommonJS file under verbatimModuleSyntax.
  1286: 'add "type": "module" to package.json (or name the file .mts).',
  1287: 'add "type": "module" to package.json (or name the file .mts).',
};

/** The fix for a TypeScript diagnostic a project's setup causes, if typemcp knows one. */
export function fixFor(diagnostic: ts.Diagnostic): string | undefined {
  return FIXES[diagnostic.code];
}
