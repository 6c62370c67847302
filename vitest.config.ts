import { defineConfig } from "vitest/config";
import typemcp from "typemcp/vite";

// Each project runs only what it needs: source tests compile decorated classes in memory
// through typemcp/vite (both decorator modes), and only the end-to-end project, whose tests start
// real server processes, builds the fixtures first.
export default defineConfig({
  test: {
    setupFiles: ["test/support/load-validators.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        plugins: [typemcp()],
        test: { name: "source", include: ["packages/*/src/**/*.test.ts"] },
      },
      {
        extends: true,
        plugins: [typemcp({ project: "packages/calc-server/tsconfig.legacy.json" })],
        test: { name: "calc, experimentalDecorators", include: ["packages/calc-server/src/**/*.test.ts"] },
      },
      {
        extends: true,
        plugins: [typemcp({ project: "test/fixtures/tsconfig.tc39.json" })],
        test: { name: "in memory, TC39 decorators", include: ["test/in-memory/**/*.test.ts"], env: { DECORATORS: "TC39 decorators" } },
      },
      {
        extends: true,
        plugins: [typemcp({ project: "test/fixtures/tsconfig.legacy.json" })],
        test: {
          name: "in memory, experimentalDecorators",
          include: ["test/in-memory/decorator-modes.test.ts", "test/in-memory/rich-server.test.ts"],
          env: { DECORATORS: "experimentalDecorators" },
        },
      },
      {
        extends: true,
        test: { name: "end to end", include: ["test/*.test.ts"], globalSetup: ["test/global-setup.ts"] },
      },
    ],
  },
});
