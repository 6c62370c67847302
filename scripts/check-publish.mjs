// Checks that each publishable package would publish as intended, without publishing: its version
// is the CHANGELOG's newest release (one "## X.Y.Z — YYYY-MM-DD" section per release, newest
// first), and `npm publish --dry-run` corrects nothing in its package.json and packs exactly the
// files it should (what every user needs present, nothing of the repository's own). Needs the
// packages built first (`pnpm run check:package` does both). Exits non-zero on the first problem.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Each publishable package: the files its users need, and what must never ship. */
const PACKAGES = {
  "packages/framework": {
    needs: [
      "bin/typemcp.js",
      "dist/index.js",
      "dist/index.d.ts",
      "dist/cli/index.js",
      "dist/testing/index.js",
      "dist/host/index.js",
      "dist/view/index.js",
      "dist/vite/index.js",
      "dist/build/index.js",
      "docs/tools-and-types.md",
      "README.md",
      "LICENSE",
      "package.json",
    ],
    never: [/\.test\./, /\.map$/, /__fixtures__/, /^src\//, /\.tsbuildinfo$/],
  },
  "packages/create-typemcp": {
    needs: [
      "bin/create-typemcp.js",
      "dist/index.js",
      "template/tsconfig.json",
      "template/src/server.ts",
      "template/src/greeter.test.ts",
      "template/gitignore",
      "README.md",
      "LICENSE",
      "package.json",
    ],
    // The template's own test is the scaffold's; a compiled test of create-typemcp is not.
    never: [/^dist\/.*\.test\./, /\.map$/, /^src\//, /\.tsbuildinfo$/],
  },
};

const fail = (message) => {
  console.error(`check-publish: ${message}`);
  process.exit(1);
};

const releases = [...fs.readFileSync(path.join(root, "CHANGELOG.md"), "utf8").matchAll(/^## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})\b/gm)].map(
  ([, version, date]) => ({ version, date }),
);
if (!releases.length) fail('CHANGELOG.md has no release section ("## X.Y.Z — YYYY-MM-DD").');
for (let i = 1; i < releases.length; i++) {
  const [newer, older] = [releases[i - 1], releases[i]];
  if (compareVersions(newer.version, older.version) <= 0 || newer.date < older.date) {
    fail(`CHANGELOG.md: ${newer.version} (${newer.date}) comes before ${older.version} (${older.date}); one section per release, newest first.`);
  }
}
const newest = releases[0].version;
// The package's README tells how to install from packed tarballs until the registry has them: by their names.
const readme = fs.readFileSync(path.join(root, "packages/framework/README.md"), "utf8");
for (const tarball of [`typemcp-${newest}.tgz`, `create-typemcp-${newest}.tgz`]) {
  if (!readme.includes(tarball)) fail(`packages/framework/README.md's install from tarballs does not name ${tarball}, the tarball of the newest release.`);
}

for (const [folder, rules] of Object.entries(PACKAGES)) {
  const dir = path.join(root, folder);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  if (pkg.private) fail(`${folder} is private; it cannot be published.`);
  if (pkg.version !== newest) fail(`${folder}/package.json says ${pkg.version}; the CHANGELOG's newest release is ${newest}.`);
  const run = spawnSync("npm", ["publish", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir, encoding: "utf8" });
  if (run.status !== 0) fail(`npm publish --dry-run failed in ${folder}:\n${run.stderr}`);
  // npm "corrects" a package.json it finds wrong on publish (it drops a bin it cannot read):
  // what it would change is a bug in what users receive.
  const corrected = run.stderr.split("\n").filter((line) => /warn publish/.test(line) && !/logged in/.test(line));
  if (corrected.length) fail(`npm would change ${folder}/package.json on publish:\n${corrected.join("\n")}`);
  const { files, version, name } = JSON.parse(run.stdout)[pkg.name];
  const names = files.map((file) => file.path);
  const missing = rules.needs.filter((file) => !names.includes(file));
  if (missing.length) fail(`${name}@${version} would publish without ${missing.join(", ")}.`);
  const unwanted = names.filter((file) => rules.never.some((pattern) => pattern.test(file)));
  if (unwanted.length)
    fail(`${name}@${version} would publish ${unwanted.slice(0, 10).join(", ")}${unwanted.length > 10 ? ` and ${unwanted.length - 10} more` : ""}.`);
  console.log(`${name}@${version} would publish ${names.length} files, as intended (npm publish --dry-run)`);
}

function compareVersions(a, b) {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}
