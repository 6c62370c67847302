import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Builds the test fixtures once per run, in both decorator modes, with the real `typemcp build`;
 * unbundled, so tests see the runtime's own module graph.
 */
export default function setup(): void {
  for (const project of ["test/fixtures/tsconfig.tc39.json", "test/fixtures/tsconfig.legacy.json"]) {
    execFileSync(process.execPath, ["packages/framework/bin/typemcp.js", "build", "--project", project, "--no-bundle"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
}
