import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The version of the TypeScript the project itself installs (`tsc`), resolved from the folder
 * of its tsconfig.json as Node would; undefined when the project has none of its own. typemcp
 * reads types with its own compiler whatever this is: the version only says which compiler's
 * defaults the project's tsconfig.json was written for.
 */
export function projectTypescriptVersion(configPath: string): string | undefined {
  try {
    const manifest = createRequire(path.resolve(configPath)).resolve("typescript/package.json");
    const version: unknown = JSON.parse(fs.readFileSync(manifest, "utf8")).version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The major version of a semver string (`"7.0.2"` → 7), else 0. */
export function majorOf(version: string | undefined): number {
  return Number.parseInt(version ?? "", 10) || 0;
}
