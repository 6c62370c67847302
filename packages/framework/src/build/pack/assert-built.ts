import fs from "node:fs";
import path from "node:path";
import { HostError } from "../../errors/host-error.js";
import { readProjectConfig } from "../schema/load-program.js";
import ts from "../schema/typescript.cjs";

/**
 * Throws a HostError unless every source file the tsconfig.json at `project` compiles has its
 * JavaScript written (`typemcp build` has run since the file was added). Reads the config only,
 * never type-checks: `typemcp pack` calls it before the expensive part, so a missing build is
 * said at once.
 */
export function assertBuilt(project: string): void {
  const config = readProjectConfig(project);
  if (config.options.noEmit) return; // nothing is ever written: the entry check after the build says what to do
  const ignoreCase = !ts.sys.useCaseSensitiveFileNames;
  const missing = config.fileNames
    .filter((file) => /\.[cm]?tsx?$/.test(file) && !/\.d\.[cm]?tsx?$/.test(file))
    .flatMap((file) => ts.getOutputFileNames(config, file, ignoreCase).filter((out) => /\.[cm]?js$/.test(out) && !fs.existsSync(out)));
  if (!missing.length) return;
  const first = path.relative(process.cwd(), missing[0]!);
  const others = missing.length > 1 ? ` (nor ${missing.length - 1} other file${missing.length > 2 ? "s" : ""})` : "";
  throw new HostError("HOST_USAGE", `${first} is not built yet${others}: run typemcp build first.`);
}
