import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Builds the fixtures the end-to-end tests run as processes, once per run, with the real
 * `typemcp build`, unbundled so they show the runtime's own module graph. Tests that need no process compile the fixtures in memory (test/in-memory,
 * both decorator modes, through typemcp/vite) and do not wait for this.
 */
export default function setup(): void {
  for (const project of ["test/fixtures/tsconfig.tc39.json"]) {
    execFileSync(process.execPath, ["packages/framework/bin/typemcp.js", "build", "--project", project, "--no-bundle"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
}
