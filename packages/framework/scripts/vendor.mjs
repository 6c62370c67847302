// Runs after `tsc -b`: puts the two build-time libraries typemcp drives into dist/build/vendor, so an
// installed typemcp depends on neither package.
//  - typescript-json-schema pins `typescript ~5.9.3` and pulls ts-node and yargs: bundled here
//    with `typescript` left out, it runs on the same TypeScript as the rest of the build:
//    typemcp's own pinned `typescript` dependency (5.9.3), whatever compiler the project runs.
//  - esbuild's package runs an install script that pnpm 10+ asks the user to approve (pnpm 12
//    fails the install). Its JavaScript API is one file; copied here, it finds its native binary
//    in the @esbuild/<platform> package that typemcp lists as an optional dependency, as esbuild
//    itself does.
import { build } from "esbuild";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const vendor = path.join(here, "..", "dist", "build", "vendor");
const require = createRequire(import.meta.url);

await build({
  entryPoints: [require.resolve("typescript-json-schema")],
  outfile: path.join(vendor, "typescript-json-schema.cjs"),
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  // typescript is typemcp's own dependency, shared with the build step; ts-node is only required by the CLI's `--tsNodeRegister`, never here.
  external: ["typescript", "ts-node", "ts-node/*"],
  // Only its CLI path (`exec`) globs files; typemcp builds the program itself.
  alias: { glob: path.join(here, "empty-glob.cjs") },
  logLevel: "warning",
  legalComments: "inline",
});

// Its BSD-3-Clause licence travels with the copy.
fs.copyFileSync(path.join(path.dirname(require.resolve("typescript-json-schema")), "..", "LICENSE"), path.join(vendor, "typescript-json-schema.LICENSE"));

const esbuildDir = path.join(vendor, "esbuild");
fs.mkdirSync(path.join(esbuildDir, "lib"), { recursive: true });
// esbuild refuses to run from anywhere but a file named lib/main.js (it guards against being bundled).
fs.copyFileSync(require.resolve("esbuild"), path.join(esbuildDir, "lib", "main.js"));
fs.copyFileSync(path.join(path.dirname(require.resolve("esbuild")), "..", "LICENSE.md"), path.join(esbuildDir, "LICENSE.md"));
fs.writeFileSync(path.join(esbuildDir, "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
