/**
 * The author's TypeScript, loaded by `require`, for every module of the build step: they import
 * this file instead of "typescript".
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
