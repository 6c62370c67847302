// The Bun binary the HTTP comparison runs typemcp's Bun build on: `--bun PATH` (or BENCH_BUN=PATH),
// else Bun from npm (the `@oven/bun-linux-x64` package, pinned, brought by npx as Node 24 is).
import { execFileSync } from "node:child_process";
import path from "node:path";

/** The pinned Bun package; its `bin/bun` is the binary. */
export const BUN = "@oven/bun-linux-x64@1.4.4";

/** `{ label, path }` of Bun, or undefined (said on stderr) when it cannot be had or `--no-bun` is given. */
export function benchBun(argv = process.argv) {
  if (argv.includes("--no-bun")) return undefined;
  const flag = argv.indexOf("--bun");
  try {
    const bin =
      flag !== -1
        ? argv[flag + 1]
        : process.env.BENCH_BUN ||
          // The package has no bin of its own: its folder is beside the .bin npx puts first on PATH.
          path.join(
            execFileSync("npx", ["-y", "-p", BUN, "-c", "echo $PATH"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
              .split(":")[0]
              .trim(),
            "..",
            "@oven",
            "bun-linux-x64",
            "bin",
            "bun",
          );
    const version = execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
    return { label: `Bun ${version}`, path: bin };
  } catch (error) {
    console.error(`(Bun could not be had through npx or --bun: ${error.message.split("\n")[0]}; the Bun build is left out of the HTTP comparison)`);
    return undefined;
  }
}
