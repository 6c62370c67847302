import fs from "node:fs";
import path from "node:path";
import type { ZipEntry } from "./zip-files.js";

// What only other platforms run, and maps: not for a host that starts the server with Node.
const LEFT_OUT = /(\.(workers|deno|bun|vercel)\.js|\.map|\.tsbuildinfo)$/;

/**
 * The files of a server package that an MCP Bundle carries: package.json (which says how Node
 * reads dist/) and what package.json `"files"` publishes (plain paths; default `dist`), without
 * source maps or other platforms' builds. A built server bundles its dependencies, so no
 * node_modules.
 */
export function bundleContents(packageDir: string, files: readonly string[] | undefined): ZipEntry[] {
  const entries: ZipEntry[] = [{ name: "package.json", data: fs.readFileSync(path.join(packageDir, "package.json")) }];
  const visit = (file: string): void => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) visit(path.join(file, name));
      return;
    }
    const name = path.relative(packageDir, file).split(path.sep).join("/");
    if (LEFT_OUT.test(name) || name === "package.json") return;
    entries.push({ name, data: fs.readFileSync(file) });
  };
  for (const item of files?.length ? files : ["dist"]) if (!/[*!]/.test(item)) visit(path.resolve(packageDir, item));
  return entries;
}
