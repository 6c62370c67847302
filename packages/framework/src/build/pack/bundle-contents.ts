import fs from "node:fs";
import path from "node:path";
import { HostError } from "../../errors/host-error.js";
import { secretReason } from "./secret-files.js";
import type { ZipEntry } from "./zip-files.js";

// What only other platforms run, and maps: not for a host that starts the server with Node.
const LEFT_OUT = /(\.(workers|deno|bun|vercel)\.js|\.map|\.tsbuildinfo)$/;

/** A file the bundle leaves out, and why. */
export interface LeftOutFile {
  /** Its path in the package, with forward slashes. */
  readonly name: string;
  readonly reason: string;
  /** A secret (kept out whatever the build), or built code the served entry never runs. */
  readonly kind: "secret" | "not run";
}

/** What goes into an MCP Bundle, and what was left out because it holds secrets. */
export interface BundleContents {
  readonly entries: ZipEntry[];
  readonly leftOut: LeftOutFile[];
}

/**
 * The files of a server package that an MCP Bundle carries: package.json (which says how Node
 * reads dist/) and what package.json `"files"` publishes (plain paths; default `dist`), without
 * source maps or other platforms' builds. A built server bundles its dependencies, so no
 * node_modules. Secrets (`.env*`, credentials files, private keys: see `secretReason`) are left
 * out and listed in `leftOut`. Only the package's own files go in: a `"files"` path outside it,
 * or a symbolic link that leads out of it, is refused with a HostError naming it.
 */
export function bundleContents(packageDir: string, files: readonly string[] | undefined): BundleContents {
  const root = fs.realpathSync(packageDir);
  const entries: ZipEntry[] = [];
  const leftOut: LeftOutFile[] = [];
  const seenFolders = new Set<string>();
  const add = (file: string, name: string): void => {
    const data = fs.readFileSync(file);
    const reason = secretReason(name, data);
    if (reason) leftOut.push({ name, reason, kind: "secret" });
    else entries.push({ name, data });
  };
  const visit = (file: string): void => {
    const name = path.relative(packageDir, file).split(path.sep).join("/") || ".";
    const link = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!link) return;
    // Every path is checked where it really leads, so a link anywhere on the way (dist itself,
    // a folder inside it, a file) cannot carry something from elsewhere on the disk into the bundle.
    const real = realPathOf(file);
    if (real === undefined) return; // a dangling link: nothing to carry
    if (!isInside(root, real)) {
      throw new HostError(
        "HOST_USAGE",
        `${name} is a symbolic link to ${real}, outside the package: a bundle carries only the package's own files. Copy what it needs into the package, or leave it out of package.json "files".`,
      );
    }
    const stat = fs.statSync(file);
    if (stat.isDirectory()) {
      // A link back to a folder already carried would loop for ever.
      if (seenFolders.has(real)) return;
      seenFolders.add(real);
      for (const child of fs.readdirSync(file).sort()) visit(path.join(file, child));
      return;
    }
    if (!stat.isFile() || LEFT_OUT.test(name) || name === "package.json") return;
    add(file, name);
  };
  visit(path.join(packageDir, "package.json"));
  add(path.join(packageDir, "package.json"), "package.json");
  for (const item of files?.length ? files : ["dist"]) {
    if (/[*!]/.test(item)) continue;
    const file = path.resolve(packageDir, item);
    if (!isInside(path.resolve(packageDir), file)) {
      throw new HostError(
        "HOST_USAGE",
        `package.json "files" names ${JSON.stringify(item)}, outside the package: a bundle carries only the package's own files.`,
      );
    }
    visit(file);
  }
  return { entries, leftOut };
}

function realPathOf(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}

/** Whether `file` is `folder` or inside it (both absolute). */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith(`..${path.sep}`) && relative !== ".." && !path.isAbsolute(relative));
}
