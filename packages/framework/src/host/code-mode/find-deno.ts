import path from "node:path";
import { HostError } from "../../errors/host-error.js";
import { findOnPath, isFile } from "../find-on-path.js";

/** The Deno release code mode is tested with, as npm serves it (the `deno` package carries the binary). */
export const TESTED_DENO = "deno@2.9.6";
/** The workerd release code mode is tested with, as npm serves it (the `workerd` package carries the binary). */
export const TESTED_WORKERD = "workerd@1.20261117.1";

/** Where to look for a sandbox's runtime. */
export interface FindRuntimeOptions {
  /** A path given on the command line (`--deno`, `--workerd`) or in code. */
  explicit?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * Where the `deno` binary code mode runs programs in is: `explicit` (`--deno`), else
 * `TYPEMCP_DENO`, else the nearest `node_modules/.bin/deno` above `cwd` (`npm i -D deno`), else
 * `deno` on `PATH`. typemcp does not depend on Deno: without one, a HostError (exit 2) says how to
 * get it.
 */
export function findDeno(options: FindRuntimeOptions = {}): string {
  return findRuntime("deno", "Deno (with no permissions)", TESTED_DENO, "https://deno.com", options);
}

/**
 * Where the `workerd` binary is (Cloudflare's Workers runtime, code mode's second sandbox):
 * `explicit` (`--workerd`), else `TYPEMCP_WORKERD`, else the nearest `node_modules/.bin/workerd`
 * above `cwd` (`npm i -D workerd`), else `workerd` on `PATH`; else a HostError says how to get it.
 */
export function findWorkerd(options: FindRuntimeOptions = {}): string {
  return findRuntime("workerd", "workerd (V8 isolates)", TESTED_WORKERD, "https://github.com/cloudflare/workerd", options);
}

function findRuntime(command: string, what: string, tested: string, site: string, options: FindRuntimeOptions): string {
  const env = options.env ?? process.env;
  const variable = `TYPEMCP_${command.toUpperCase()}`;
  const given = options.explicit ?? env[variable];
  if (given) {
    if (!isFile(given))
      throw new HostError(
        "HOST_USAGE",
        `Code mode runs programs in ${what.split(" ")[0]}, but ${options.explicit ? `--${command}` : variable} names ${given}, which is not a file.`,
      );
    return path.resolve(given);
  }
  for (let dir = path.resolve(options.cwd ?? process.cwd()); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", ".bin", command);
    if (isFile(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  const onPath = findOnPath(command, env);
  if (onPath) return onPath;
  throw new HostError(
    "HOST_USAGE",
    `Code mode runs the model's programs in ${what}, and none was found: install it next to typemcp (npm i -D ${tested}) or from ${site}, or point ${variable} (or --${command}) at the binary.`,
  );
}
