import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { detectPackageManager, runCommand, type PackageManager } from "./package-manager.js";
import { toPackageName } from "./project-name.js";
import { scaffold } from "./scaffold.js";

const USAGE = `Usage: npm create typemcp@latest [folder] [-- options]
       (pnpm create typemcp, yarn create typemcp, bun create typemcp; or create-typemcp [folder])

Creates an MCP server project written with typemcp in [folder] (default: my-mcp-server):
package.json with build/dev/test/start scripts, tsconfig.json, src/greeter.ts (the tools),
src/server.ts (the entry point), a test, and a README with the host configuration to paste.
Then installs its devDependencies with the package manager that ran it.

Options:
  --no-install       write the files only
  --typemcp SPEC     the typemcp to depend on (default: ^VERSION; a tarball or folder works)
  --help, -h         this help
  --version, -v      create-typemcp's version
`;

/** `create-typemcp [folder] [options]`: writes the project, installs it, prints the next command; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const version = readVersion();
  let folder: string | undefined;
  let install = true;
  let typemcp = `^${version}`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") return print(USAGE.replace("VERSION", version));
    if (arg === "--version" || arg === "-v") return print(`${version}\n`);
    if (arg === "--no-install") install = false;
    else if (arg === "--typemcp" || arg.startsWith("--typemcp=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      if (!value) return fail("--typemcp needs a value: a version range, a tarball or a folder.");
      typemcp = /^(\.|\/|[A-Za-z]:\\)/.test(value) ? `file:${path.resolve(value)}` : value;
    } else if (arg.startsWith("-")) return fail(`unknown option ${arg}.`);
    else if (folder === undefined) folder = arg;
    else return fail(`one folder only (got "${folder}" and "${arg}").`);
  }
  const dir = path.resolve(folder ?? "my-mcp-server");
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) {
    return fail(`${path.relative(process.cwd(), dir) || "."} exists and is not empty; name a new folder: npm create typemcp@latest my-server`);
  }
  const packageManager = detectPackageManager(process.env.npm_config_user_agent);
  const name = toPackageName(dir);
  const template = fileURLToPath(new URL("../template", import.meta.url));
  const files = scaffold({ dir, name, packageManager, typemcp }, template);
  const shown = path.relative(process.cwd(), dir) || ".";
  process.stdout.write(`Created ${name} in ${shown}: ${files.join(", ")}\n`);

  if (install) {
    process.stdout.write(`\nInstalling with ${packageManager}...\n`);
    const run = spawnSync(packageManager, ["install"], { cwd: dir, stdio: "inherit", shell: process.platform === "win32" });
    if (run.status !== 0) {
      process.stderr.write(
        `\n${packageManager} install failed (${run.error?.message ?? `exit ${run.status}`}). Fix the cause, then: cd ${shown} && ${packageManager} install\n`,
      );
      return 1;
    }
  }
  process.stdout.write(nextSteps(shown, packageManager, install));
  return 0;
}

function nextSteps(dir: string, pm: PackageManager, installed: boolean): string {
  const run = runCommand(pm);
  const steps = [`cd ${dir}`, ...(installed ? [] : [`${pm} install`]), `${run} build && ${run} start`];
  return `\nDone. Next:\n\n  ${steps.join("\n  ")}\n\nThen point a host at node ${dir}/dist/server.js (README.md has the config), or run ${run} test.\n`;
}

function readVersion(): string {
  return (JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}

function print(text: string): number {
  process.stdout.write(text);
  return 0;
}

function fail(message: string): number {
  process.stderr.write(`create-typemcp: ${message}\n\n${USAGE.split("\n\n")[0]}\n`);
  return 2;
}
