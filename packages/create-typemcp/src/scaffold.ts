import fs from "node:fs";
import path from "node:path";
import { runCommand, type PackageManager } from "./package-manager.js";
import { VERSIONS } from "./versions.js";

/** What `scaffold` needs to write a project. */
export interface ScaffoldOptions {
  /** The folder to create (it may exist if empty). */
  readonly dir: string;
  /** The package name. */
  readonly name: string;
  /** The package manager the README's commands are written for. */
  readonly packageManager: PackageManager;
  /** The dependency spec for typemcp: a version range, or a tarball or folder for a local build. */
  readonly typemcp: string;
}

// npm leaves `.gitignore` out of published packages, so the template names it `gitignore`.
const RENAMED: Record<string, string> = { gitignore: ".gitignore" };

/** Writes a complete typemcp server project into `dir`; returns the files written, relative to it. */
export function scaffold(options: ScaffoldOptions, templateDir: string): string[] {
  const written: string[] = [];
  const values: Record<string, string> = {
    name: options.name,
    run: runCommand(options.packageManager),
    path: path.resolve(options.dir).split(path.sep).join("/"),
  };
  const copy = (from: string, to: string) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const target = path.join(to, RENAMED[entry.name] ?? entry.name);
      if (entry.isDirectory()) {
        fs.mkdirSync(target, { recursive: true });
        copy(path.join(from, entry.name), target);
        continue;
      }
      const text = fs.readFileSync(path.join(from, entry.name), "utf8").replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
      fs.writeFileSync(target, text, { mode: text.startsWith("#!") ? 0o755 : 0o644 });
      written.push(path.relative(options.dir, target));
    }
  };
  fs.mkdirSync(options.dir, { recursive: true });
  copy(templateDir, options.dir);
  fs.writeFileSync(path.join(options.dir, "package.json"), `${JSON.stringify(packageJson(options), null, 2)}\n`);
  written.push("package.json");
  return written.sort();
}

/** The new project's package.json: no runtime dependencies, since the build bundles what the server runs. */
export function packageJson(options: ScaffoldOptions): Record<string, unknown> {
  return {
    name: options.name,
    version: "0.1.0",
    description: "An MCP server built with typemcp.",
    type: "module",
    bin: { [options.name]: "dist/server.js" },
    // The bundled entry (its loader, the bundle and the chunks loaded later) and nothing else:
    // tsc's per-file output beside it (dist/greeter.js…) is bundled in already. npm adds the
    // README and a LICENSE itself.
    files: ["dist/server.js", "dist/server.bundle.js", "dist/server.chunks/"],
    engines: { node: ">=20" },
    scripts: {
      build: "typemcp build",
      dev: "typemcp dev",
      // vitest strips types without checking them: tsc checks the tests (and the rest) first.
      test: "tsc -p tsconfig.test.json && vitest run",
      typecheck: "tsc -p tsconfig.test.json",
      start: "node dist/server.js",
      prepack: "typemcp build",
    },
    devDependencies: {
      "@types/node": VERSIONS["@types/node"],
      typemcp: options.typemcp,
      typescript: VERSIONS.typescript,
      vitest: VERSIONS.vitest,
    },
  };
}
