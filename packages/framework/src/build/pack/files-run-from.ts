import fs from "node:fs";
import path from "node:path";
import ts from "../schema/typescript.cjs";
import { relativeModule } from "./files-loaded-by.js";

/**
 * The JavaScript files Node runs when it starts the built `entry`, read from the disk as they are
 * now: the entry (a loader, once bundled), the bundle it starts, the chunks the bundle loads, and
 * (unbundled) every module imported with a relative specifier, a literal `import()` or `require`.
 * Absolute paths.
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
      const next = relativeModule(file, specifier, (candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() === true);
      if (next) queue.push(next);
    }
  }
  return run;
}
