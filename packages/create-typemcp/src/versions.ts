/**
 * The versions a new project's devDependencies start from. `typescript` (the project's own `tsc`,
 * for its editor and `npm test`) is the release typemcp reads types with, so npm installs one copy
 * for both; typemcp's definitions do not depend on it. `@types/node` stays on the line of the oldest Node the project supports
 * (`engines: >=20`), so its types offer no API that Node lacks.
 */
export const VERSIONS = {
  "@types/node": "^20.19.43",
  typescript: "~5.9.3",
  vitest: "^4.1.12",
} as const;
