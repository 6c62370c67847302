import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** The repository root, whatever directory the tests run from. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Absolute path of a file under the repository root. */
export function fromRoot(relative: string): string {
  return fileURLToPath(new URL(`../../${relative}`, import.meta.url));
}

/** The built calculator server. */
export const CALC_SERVER = fromRoot("packages/calc-server/dist/calc.js");

/** The calculator's bundle, which its entry (a loader that turns on Node's compile cache) starts. */
export const CALC_BUNDLE = fromRoot("packages/calc-server/dist/calc.bundle.js");

/** The typemcp CLI launcher. */
export const TYPEMCP_CLI = fromRoot("packages/framework/bin/typemcp.js");

/** The version the framework's package.json says (the CHANGELOG's newest release): its tarball's name. */
export function frameworkVersion(): string {
  return (JSON.parse(fs.readFileSync(fromRoot("packages/framework/package.json"), "utf8")) as { version: string }).version;
}
