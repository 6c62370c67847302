import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import typemcp from "typemcp/vite";

// Each project runs only what it needs: source tests compile decorated classes in memory
// through typemcp/vite (both decorator modes), and only the end-to-end files that start server
// processes built from test/fixtures wait for test/global-setup.ts to build them: the files that
// name the build's output folder, directly or through test/reliability/support.ts. Found by
// reading them, so a new file that starts a fixture server cannot miss the build.
const E2E_FILES = ["test", "test/reliability"]
  .flatMap((dir) => fs.readdirSync(fileURLToPath(new URL(dir, import.meta.url))).map((name) => `${dir}/${name}`))
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => ({ file, text: fs.readFileSync(fileURLToPath(new URL(file, import.meta.url)), "utf8") }));

// The files that install from the npm registry into projects they create (`npm pack` of the
// framework, then `npm install`, `npm exec` or `pnpm dlx` in a fresh folder): minutes each, on a
// network the suite does not control. They run in a project of their own, "registry", which
// `vitest run` (the README's test command) includes and `vitest run --project registry` runs,
// times or retries alone. Found by reading them, as the fixture files are.
const REGISTRY_INSTALLS = E2E_FILES.filter(({ text }) => /"npm", \["(?:install|i|ci|pack|exec)"|"dlx"/.test(text)).map(({ file }) => file);

const FIXTURE_PROCESSES = E2E_FILES.filter(({ file, text }) => !REGISTRY_INSTALLS.includes(file) && /fixtures\/dist|from "\.\/support\.js"/.test(text)).map(
  ({ file }) => file,
);

// Unit and in-memory files keep no state between files (no module-level registries, no globals
// they change), so each worker loads TypeScript, the SDK and the framework once for all of them
// instead of once per file: `isolate: false` on those projects halves their CPU time.
const SHARED_MODULES = { isolate: false };

export default defineConfig({
  resolve: {
    // The framework's source loads TypeScript through schema/typescript.cts, a CommonJS file that
    // Node runs from dist/ and Vite cannot run from src/: under Vitest it is plain "typescript".
    alias: [{ find: /^(?:\.{1,2}\/)+(?:build\/)?(?:schema\/)?typescript\.cjs$/, replacement: "typescript" }],
  },
  test: {
    // One worker per core, and at least two: Vitest's default on a 2-core machine is one, which
    // runs the files in a line while most end-to-end files sit waiting on their child processes.
    maxWorkers: Math.max(2, os.availableParallelism()),
    setupFiles: ["test/support/load-validators.ts"],
    // Where the time went, then the one summary line CI reads, last.
    reporters: ["default", "./test/support/durations-reporter.ts", "./test/support/summary-reporter.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: on a loaded 2-core machine a server's answer, a
    // child process's line or a timer's tick can take longer than that to be seen. The poll still
    // returns as soon as its condition holds; the limit only decides when a real failure is told.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        plugins: [typemcp()],
        test: { name: "source", include: ["packages/*/src/**/*.test.ts"], ...SHARED_MODULES },
      },
      {
        extends: true,
        // One plugin per sample: each compiles only the files of its own legacy tsconfig and
        // leaves the others to the next. The samples' unit tests are mode-independent and run
        // once, in "source"; their in-memory server tests run here a second time.
        plugins: ["calc", "towns", "weather"].map((sample) => typemcp({ project: `packages/${sample}-server/tsconfig.legacy.json` })),
        test: {
          name: "samples, experimentalDecorators",
          ...SHARED_MODULES,
          include: [
            "packages/calc-server/src/calculator.test.ts",
            "packages/towns-server/src/town-tools.test.ts",
            "packages/weather-server/src/weather-tools.test.ts",
          ],
        },
      },
      {
        extends: true,
        plugins: [typemcp({ project: "test/fixtures/tsconfig.tc39.json" })],
        test: { name: "in memory, TC39 decorators", include: ["test/in-memory/**/*.test.ts"], env: { DECORATORS: "TC39 decorators" }, ...SHARED_MODULES },
      },
      {
        extends: true,
        plugins: [typemcp({ project: "test/fixtures/tsconfig.legacy.json" })],
        test: {
          name: "in memory, experimentalDecorators",
          ...SHARED_MODULES,
          // typed-fidelity and vite-plugin are mode-independent; they run once, with TC39.
          include: [
            "test/in-memory/decorator-modes.test.ts",
            "test/in-memory/middleware.test.ts",
            "test/in-memory/rich-server.test.ts",
            "test/in-memory/schema-fidelity.test.ts",
          ],
          env: { DECORATORS: "experimentalDecorators" },
        },
      },
      {
        extends: true,
        // Two at a time for the files that mark tests concurrent (setup-matrix): one child
        // process per core on a two-core machine, without the memory of five TypeScript builds.
        test: {
          name: "end to end",
          include: ["test/*.test.ts", "test/reliability/**/*.test.ts"],
          exclude: [...FIXTURE_PROCESSES, ...REGISTRY_INSTALLS],
          maxConcurrency: 2,
          globalSetup: ["test/contract-setup.ts"],
        },
      },
      {
        extends: true,
        // Only these start processes built from test/fixtures: the fixture build runs for them alone.
        test: { name: "end to end, built fixtures", include: FIXTURE_PROCESSES, globalSetup: ["test/global-setup.ts", "test/contract-setup.ts"] },
      },
      {
        extends: true,
        // Two at a time, as in "end to end": new-project's three projects install side by side.
        test: { name: "registry", include: REGISTRY_INSTALLS, maxConcurrency: 2 },
      },
    ],
  },
});
