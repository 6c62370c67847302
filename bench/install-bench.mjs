// `node bench/install-bench.mjs [TS_VERSION ...]`: what an author's install of typemcp weighs.
// Packs packages/framework as it would be published, installs the tarball into a fresh npm
// project per TypeScript version the way packages/framework/README.md says
// (`npm install --save-dev typemcp typescript@<version>`), and prints the packages installed and
// the size of node_modules. Uses the npm cache the end-to-end tests share
// (<tmpdir>/typemcp-e2e-npm-cache), so only a first run downloads.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const versions = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["5.9.3", "7.0.2"];
const framework = fileURLToPath(new URL("../packages/framework", import.meta.url));
const env = {
  ...process.env,
  npm_config_cache: path.join(os.tmpdir(), "typemcp-e2e-npm-cache"),
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};
const npm = (args, cwd) => execFileSync("npm", args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const work = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-install-bench-"));
try {
  npm(["pack", "--silent", "--pack-destination", work], framework);
  const tarball = path.join(
    work,
    fs.readdirSync(work).find((f) => f.endsWith(".tgz")),
  );
  console.log(`typemcp tarball: ${(fs.statSync(tarball).size / 1024).toFixed(0)} KB\n`);
  console.log(`${"project".padEnd(28)}${"packages".padStart(9)}${"MB".padStart(8)}`);
  for (const version of versions) {
    const dir = path.join(work, `ts-${version}`);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ name: "author", version: "1.0.0", private: true, type: "module" })}\n`);
    npm(["install", "--save-dev", tarball, `typescript@${version}`], dir);
    // Every installed package once: the paths `npm ls` prints, less the project itself.
    const packages = npm(["ls", "--all", "--parseable"], dir).trim().split("\n").length - 1;
    const megabytes = Number(execFileSync("du", ["-sb", path.join(dir, "node_modules")], { encoding: "utf8" }).split("\t")[0]) / 1e6;
    console.log(`${`typemcp + typescript ${version}`.padEnd(28)}${String(packages).padStart(9)}${megabytes.toFixed(1).padStart(8)}`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
