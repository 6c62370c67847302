/** The versions a new project's devDependencies start from; `typescript` is one typemcp's build is tested with. */
export const VERSIONS = {
  typescript: "~5.9.3",
  vitest: "^4.1.12",
} as const;
