import path from "node:path";
import { HostError } from "../../errors/host-error.js";
import { findOnPath, isFile } from "../find-on-path.js";

/** The Deno release code mode is tested with, as npm serves it (the `deno` package carries the binary). */
export const TESTED_DENO = "deno@2.9.6";

/**
 * Where the `deno` binary code mode runs programs in is: `explicit` (`--deno`), else
 * `TYPEMCP_DENO`, else the nearest `node_modules/.bin/deno` above `cwd` (`npm i -D deno`), else
 * `deno` on `PATH`. typemcp does not depend on Deno: without one, a HostError (exit 2) says how to
 * get it.
 */
export function findDeno(options: { explicit?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): string {
  const env = options.env ?? process.env;
  const given = options.explicit ?? env.TYPEMCP_DENO;
  if (given) {
    if (!isFile(given))
      throw new HostError(
        "HOST_USAGE",
        `Code mode runs programs in Deno, but ${options.explicit ? "--deno" : "TYPEMCP_DENO"} names ${given}, which is not a file.`,
      );
    return path.resolve(given);
  }
  for (let dir = path.resolve(options.cwd ?? process.cwd()); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", ".bin", "deno");
    if (isFile(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  const onPath = findOnPath("deno", env);
  if (onPath) return onPath;
  throw new HostError(
    "HOST_USAGE",
    `Code mode runs the model's programs in Deno (with no permissions), and none was found: install it next to typemcp (npm i -D ${TESTED_DENO}) or from https://deno.com, or point TYPEMCP_DENO (or --deno) at the binary.`,
  );
}
