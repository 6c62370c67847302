import fs from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The file of one of typemcp's own modules that a bundle carries (a platform entry, a stub), by
 * its URL beside the caller: the compiled `.js` (`.cjs`), or its `.ts` (`.cts`) source where
 * typemcp runs from its sources (its own tests), which esbuild bundles as well.
 */
export function ownModuleFile(url: URL): string {
  const file = fileURLToPath(url);
  if (fs.existsSync(file)) return file;
  const source = file.replace(/\.(c?)js$/, ".$1ts");
  return fs.existsSync(source) ? source : file;
}
