import path from "node:path";

/**
 * The file an entry point's bundle is written to, beside the entry and in the same module system
 * (same extension): `dist/server.js` → `dist/server.bundle.js`. Its own module: `typemcp pack`
 * asks it without loading the bundler.
 */
export function bundleFileOf(entry: string): string {
  const extension = path.extname(entry);
  return `${entry.slice(0, entry.length - extension.length)}.bundle${extension}`;
}
