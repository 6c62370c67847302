/**
 * The versions a new project's devDependencies start from. `@modelcontextprotocol/sdk` (used
 * only by the test's client) is exactly the version typemcp depends on, so it is installed
 * once; `typescript` is a version typemcp's build is tested with.
 */
export const VERSIONS = {
  "@modelcontextprotocol/sdk": "1.32.2",
  typescript: "~5.9.3",
  vitest: "^4.1.12",
} as const;
