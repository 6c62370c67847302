// Checks the framework as a user receives it: packs packages/framework once, then runs publint
// (package.json fields, exports, files) and Are the Types Wrong (each entry's types resolve as its
// JavaScript does) on that one tarball. Needs the framework built first (`pnpm run check:package`
// does both). Exits non-zero when either finds a problem.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const framework = path.join(root, "packages", "framework");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

if (!fs.existsSync(path.join(framework, "dist", "index.d.ts"))) {
  throw new Error("packages/framework/dist is missing: run `pnpm run build` first (or `pnpm run check:package`).");
}
const out = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-pack-"));
try {
  const [packed] = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: framework, encoding: "utf8" }));
  const tarball = path.join(out, packed.filename);
  console.log(`packed ${packed.filename}: ${packed.entryCount} files, ${(packed.size / 1024).toFixed(0)} KB`);
  execFileSync(bin("publint"), ["run", tarball, "--strict"], { stdio: "inherit" });
  // typemcp is ESM only (Node >= 20), so the CommonJS and node10 resolutions are not its promise.
  execFileSync(bin("attw"), [tarball, "--profile", "esm-only", "--no-emoji", "--no-color"], { stdio: "inherit" });
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
