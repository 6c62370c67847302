import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { frameworkVersion, fromRoot } from "./support/paths.js";
import { listToolNames } from "./support/list-tools.js";
import { node24Path } from "./support/node24.js";
import { run, runAsync } from "./support/run.js";

// A new user's first five minutes, outside this repository: typemcp and create-typemcp packed
// as they would be published, a project created the way packages/framework/README.md says,
// then its own build, test and start scripts. The one difference from the README is
// `--typemcp <tarball>`, which points the project at the packed typemcp instead of the registry.
// Everything else (vitest, typescript, the SDK) comes from the npm registry, through one npm
// cache that later runs reuse.

const PNPM = ["-y", "pnpm@12.4.2"];
const npmCache = path.join(os.tmpdir(), "typemcp-e2e-npm-cache");
const env = {
  NO_COLOR: "1",
  FORCE_COLOR: "0",
  npm_config_cache: npmCache,
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};
let work: string;
let typemcpTarball: string;
let createTarball: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-new-project-"));
  const packs = path.join(work, "packs");
  fs.mkdirSync(packs);
  for (const pkg of ["framework", "create-typemcp"]) run("npm", ["pack", "--silent", "--pack-destination", packs], { cwd: fromRoot(`packages/${pkg}`), env });
  typemcpTarball = path.join(packs, `typemcp-${frameworkVersion()}.tgz`);
  createTarball = path.join(packs, `create-typemcp-${frameworkVersion()}.tgz`);
}, 120_000);

/** Output with any terminal colours taken out. */
function plain(text: string): string {
  return text.replace(/\x1b\[[0-9;]*m/g, "");
}

// A callback parameter added to the scaffold's greet(), and the build's message for it.
const UNSUPPORTED = 'error src/greeter.ts:25:69 - Greeter.greet: parameter "onDone": a function cannot be sent as JSON';

/** Runs `action` with a callback parameter added to greet() in src/greeter.ts, then puts the file back. */
async function breakGreet<T>(project: string, action: () => Promise<T>): Promise<T> {
  const file = path.join(project, "src/greeter.ts");
  const original = fs.readFileSync(file, "utf8");
  const broken = original.replace("excited?: boolean)", "excited?: boolean, onDone?: () => void)");
  if (broken === original) throw new Error("src/greeter.ts no longer declares greet(name, language, excited?: boolean)");
  fs.writeFileSync(file, broken);
  try {
    return await action();
  } finally {
    fs.writeFileSync(file, original);
  }
}

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

// The projects (npm, npm on Node 24 LTS, pnpm) share nothing but the npm cache: they run side by
// side, each mostly waiting on the registry or on its own child process.
describe.concurrent("a project created with create-typemcp", () => {
  test("with npm: installs, builds, passes its test, starts and lists its tool; its packed tarball installs alone and serves", async () => {
    // `npm create typemcp@latest my-server` is `npm exec create-typemcp my-server`.
    const created = await runAsync("npm", ["exec", "--yes", `--package=${createTarball}`, "--", "create-typemcp", "my-server", "--typemcp", typemcpTarball], {
      cwd: work,
      env,
    });
    expect(created.stdout).toContain("npm run build && npm run start");
    const project = path.join(work, "my-server");
    const manifest = JSON.parse(fs.readFileSync(path.join(project, "package.json"), "utf8"));
    expect(manifest.dependencies).toBeUndefined();
    expect(Object.keys(manifest.devDependencies)).toContain("typemcp");

    expect((await runAsync("npm", ["run", "build"], { cwd: project, env })).stdout).toContain("→ dist/server.js (bundled)");
    expect(plain((await runAsync("npm", ["test"], { cwd: project, env })).stdout)).toMatch(/Tests\s+4 passed/);
    expect(await listToolNames("npm", ["start", "--silent"], project)).toEqual(["greet"]);

    // The server as its users get it: one tarball holding the bundled entry and the README (not
    // tsc's per-file output, dist/greeter.js), no dependencies, nothing else installed.
    await runAsync("npm", ["pack", "--silent"], { cwd: project, env });
    const packed = (await runAsync("tar", ["-tzf", "my-server-0.1.0.tgz"], { cwd: project })).stdout.trim().split("\n").sort();
    expect(packed.filter((file) => !file.startsWith("package/dist/server.chunks/"))).toEqual([
      "package/README.md",
      "package/dist/server.bundle.js",
      "package/dist/server.js",
      "package/package.json",
    ]);
    expect(packed.filter((file) => file.startsWith("package/dist/server.chunks/")).length).toBeGreaterThan(0);
    const user = path.join(work, "user");
    fs.mkdirSync(user);
    fs.writeFileSync(path.join(user, "package.json"), '{ "name": "user", "version": "1.0.0", "type": "commonjs" }\n');
    await runAsync("npm", ["install", path.join(project, "my-server-0.1.0.tgz")], { cwd: user, env });
    expect(fs.readdirSync(path.join(user, "node_modules")).filter((d) => !d.startsWith("."))).toEqual(["my-server"]);
    expect(await listToolNames(path.join(user, "node_modules/.bin/my-server"), [], user)).toEqual(["greet"]);

    // The configuration src/server.ts reads from the environment (with Node's types, which the build checks) reaches the tool.
    const called = await runAsync("npx", ["typemcp", "call", "greet", "--arg", "name=Ada", "--", "node", "dist/server.js"], {
      cwd: project,
      env: { ...env, GREETER_SIGN_OFF: "See you soon." },
    });
    expect(called.stdout).toContain("Hello, Ada. See you soon.");

    // The project's test type-checks the tests first: a type error in one fails it, naming the line.
    const testFile = path.join(project, "src/greeter.test.ts");
    const original = fs.readFileSync(testFile, "utf8");
    fs.writeFileSync(testFile, `${original}\nexport const count: number = "three";\n`);
    const mistyped = await runAsync("npm", ["test"], { cwd: project, env, allowFailure: true }).finally(() => fs.writeFileSync(testFile, original));
    expect(mistyped.status).not.toBe(0);
    expect(mistyped.stdout + mistyped.stderr).toMatch(/src\/greeter\.test\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'\./);

    // An unsupported signature fails the project's own test with the line `typemcp build` prints.
    const built = await breakGreet(project, () => runAsync("npm", ["run", "build"], { cwd: project, env, allowFailure: true }));
    const tested = await breakGreet(project, () => runAsync("npm", ["test"], { cwd: project, env, allowFailure: true }));
    expect(built.status).toBe(1);
    expect(tested.status).toBe(1);
    expect(built.stderr).toContain(UNSUPPORTED);
    expect(plain(tested.stdout + tested.stderr)).toContain(`typemcp build would fail:\n${UNSUPPORTED}`);
  }, 900_000);

  test("on Node 24 LTS: installs, builds, passes its test, starts and lists its tool", async () => {
    // npm, the scaffold, the build, vitest and the server all run on the node first on PATH.
    const node24 = node24Path();
    const env24 = { ...env, PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH}` };
    await runAsync("npm", ["exec", "--yes", `--package=${createTarball}`, "--", "create-typemcp", "my-node24-server", "--typemcp", typemcpTarball], {
      cwd: work,
      env: env24,
    });
    const project = path.join(work, "my-node24-server");
    expect((await runAsync("node", ["--version"], { cwd: project, env: env24 })).stdout).toMatch(/^v24\./);
    expect((await runAsync("npm", ["run", "build"], { cwd: project, env: env24 })).stdout).toContain("→ dist/server.js (bundled)");
    expect(plain((await runAsync("npm", ["test"], { cwd: project, env: env24 })).stdout)).toMatch(/Tests\s+4 passed/);
    expect(await listToolNames(node24, ["dist/server.js"], project)).toEqual(["greet"]);
  }, 900_000);

  test("with pnpm: installs with no build scripts to approve, builds, passes its test, starts and lists its tool", async () => {
    // `pnpm create typemcp my-server` is `pnpm dlx create-typemcp my-server`.
    const created = await runAsync("npx", [...PNPM, `--package=${createTarball}`, "dlx", "create-typemcp", "my-pnpm-server", "--typemcp", typemcpTarball], {
      cwd: work,
      env,
    });
    expect(created.stdout).toContain("pnpm build && pnpm start");
    const project = path.join(work, "my-pnpm-server");
    expect((await runAsync("npx", [...PNPM, "build"], { cwd: project, env })).stdout).toContain("→ dist/server.js (bundled)");
    expect(plain((await runAsync("npx", [...PNPM, "test"], { cwd: project, env })).stdout)).toMatch(/Tests\s+4 passed/);
    expect(await listToolNames("npx", [...PNPM, "--silent", "start"], project)).toEqual(["greet"]);

    // The same test, with the same schemas, when the project switches to experimentalDecorators;
    // and the same failure, naming the same line, for a signature the build refuses.
    const tsconfig = path.join(project, "tsconfig.json");
    const config = JSON.parse(fs.readFileSync(tsconfig, "utf8"));
    fs.writeFileSync(tsconfig, JSON.stringify({ ...config, compilerOptions: { ...config.compilerOptions, experimentalDecorators: true } }, null, 2));
    expect(plain((await runAsync("npx", [...PNPM, "test"], { cwd: project, env })).stdout)).toMatch(/Tests\s+4 passed/);
    const tested = await breakGreet(project, () => runAsync("npx", [...PNPM, "test"], { cwd: project, env, allowFailure: true }));
    expect(tested.status).toBe(1);
    expect(plain(tested.stdout + tested.stderr)).toContain(`typemcp build would fail:\n${UNSUPPORTED}`);
  }, 900_000);
});
