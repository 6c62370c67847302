import fs from "node:fs";
import path from "node:path";
import ts from "../schema/typescript.cjs";

// How Node finds a relative specifier that names no file as written (CommonJS `require("./x")`).
const SUFFIXES = ["", ".js", ".cjs", ".mjs", "/index.js", "/index.cjs", "/index.mjs"];

/**
 * The JavaScript files Node runs when it starts the built `entry`, read from the disk as they are
 * now: the entry (a loader, once bundled), the bundle it starts, the chunks the bundle loads, and
 * (unbundled) every module imported with a relative specifier, a literal `import()` or `require`.
 * Absolute paths; a specifier that leaves the folder tree of `entry`'s package is not followed.
 */
export function filesRunFrom(entry: string): Set<string> {
  const run = new Set<string>();
  const queue = [path.resolve(entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (run.has(file)) continue;
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    run.add(file);
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!specifier.startsWith(".")) continue;
      const base = path.resolve(path.dirname(file), specifier);
      const next = SUFFIXES.map((suffix) => base + suffix).find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile());
      if (next) queue.push(next);
    }
  }
  return run;
}
