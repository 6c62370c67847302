/**
 * The versions a new project's devDependencies start from; `typescript` is one typemcp's build is
 * tested with. `@types/node` stays on the line of the oldest Node the project supports
 * (`engines: >=20`), so its types offer no API that Node lacks.
 */
export const VERSIONS = {
  "@types/node": "^20.19.43",
  typescript: "~5.9.3",
  vitest: "^4.1.12",
} as const;
