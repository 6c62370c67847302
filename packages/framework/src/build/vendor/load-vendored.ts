import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/**
 * Loads a build-time library from `dist/build/vendor` (where `scripts/vendor.mjs` puts it, so an
 * installed typemcp depends on no copy of it), or from the workspace's own install when running
 * from source (tests).
 */
export function loadVendored<T>(vendoredPath: string, packageName: string): T {
  const vendored = new URL(vendoredPath, import.meta.url);
  return require(fs.existsSync(vendored) ? fileURLToPath(vendored) : packageName) as T;
}
