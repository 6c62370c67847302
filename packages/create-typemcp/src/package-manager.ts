/** The package managers a project can be created with. */
export type PackageManager = "npm" | "pnpm" | "yarn" | "bun";

/**
 * The package manager that ran `create`: `npm create`, `pnpm create`, `yarn create` and
 * `bun create` each name themselves in `npm_config_user_agent`. npm when unknown.
 */
export function detectPackageManager(userAgent: string | undefined): PackageManager {
  const name = userAgent?.split("/")[0];
  return name === "pnpm" || name === "yarn" || name === "bun" ? name : "npm";
}

/** How a README tells this package manager's users to run a script (`npm run build`, `pnpm build`). */
export function runCommand(pm: PackageManager): string {
  return pm === "npm" || pm === "bun" ? `${pm} run` : pm;
}
