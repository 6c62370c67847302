/**
 * The TypeScript compiler API that reads the author's types, loaded by `require`, for every
 * module of the build step: they import this file instead of "typescript".
 *
 * It is typemcp's own pinned copy (a dependency of typemcp, not the project's), so the project
 * may run any `tsc` it likes — 5.x, 6.x, the native 7.x that has no JS API, or none — and get
 * the same definitions; load-program.ts reads the project's settings as its own `tsc` would.
 * compiler-missing.ts turns a broken install into one line before this file is loaded.
 *
 * An ESM `import ts from "typescript"` costs Node 20 about 0.4 s of CPU more per process than
 * `require` (measured: a script doing only that, 0.70 s against 0.27 s): typescript.js (9 MB,
 * no `"type"` in its package.json) is compiled a second time to detect its module format, then
 * scanned for export names. This small CommonJS file is all Node scans (`module.exports = ts`
 * names nothing), and `export =` carries TypeScript's types along with its value, as
 * `import ts from "typescript"` did.
 */
import ts = require("typescript");
export = ts;
