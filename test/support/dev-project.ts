import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fromRoot, TYPEMCP_CLI } from "./paths.js";

/** A throwaway server package in the OS temp folder, with `typemcp` linked in. */
export function createDevProject(source: string): { dir: string; write(text: string): void; saveByRename(text: string): void; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-dev-"));
  fs.mkdirSync(path.join(dir, "src"));
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(fromRoot("packages/framework"), path.join(dir, "node_modules", "typemcp"), "dir");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "dev-fixture", type: "module", bin: { "dev-fixture": "./dist/server.js" } }));
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        skipLibCheck: true,
        types: [],
        rootDir: "src",
        outDir: "dist",
      },
      include: ["src"],
    }),
  );
  const write = (text: string) => fs.writeFileSync(path.join(dir, "src", "server.ts"), text);
  // What `sed -i` and many editors do: write a temporary file beside the source, then move it over.
  const saveByRename = (text: string) => {
    const temp = path.join(dir, "src", `.server.ts.${process.pid}.tmp`);
    fs.writeFileSync(temp, text);
    fs.renameSync(temp, path.join(dir, "src", "server.ts"));
  };
  write(source);
  return { dir, write, saveByRename, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** `typemcp dev` running in `dir`, with what it wrote to stderr so far. */
export interface DevProcess {
  readonly child: ChildProcessWithoutNullStreams;
  stderr(): string;
  /** Resolves with the stderr written so far once it matches `pattern` (counted from `from` characters in). */
  waitFor(pattern: RegExp, from?: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
}

/** Starts `typemcp dev ...args` in `dir`, on this Node unless `node` names another binary. */
export function startDev(dir: string, args: string[], node = process.execPath): DevProcess {
  const child = spawn(node, [TYPEMCP_CLI, "dev", ...args], { cwd: dir });
  let stderr = "";
  const waiters = new Set<() => void>();
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const check of waiters) check();
  });
  return {
    child,
    stderr: () => stderr,
    waitFor(pattern, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = stderr.slice(from).match(pattern);
          if (match) {
            waiters.delete(check);
            resolve(match);
          }
        };
        waiters.add(check);
        child.once("exit", () => reject(new Error(`typemcp dev exited; it wrote:\n${stderr}`)));
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
