import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { detectPackageManager, runCommand } from "./package-manager.js";
import { toPackageName } from "./project-name.js";
import { packageJson, scaffold } from "./scaffold.js";

const template = path.join(import.meta.dirname, "..", "template");

describe("toPackageName", () => {
  test("makes a valid npm name from the folder's last segment", () => {
    expect(toPackageName("projects/My Weather Server")).toBe("my-weather-server");
    expect(toPackageName("./_Tools_")).toBe("tools");
    expect(toPackageName("@@@")).toBe("mcp-server");
  });
});

describe("detectPackageManager", () => {
  test("reads the package manager from npm_config_user_agent, npm when unknown", () => {
    expect(detectPackageManager("pnpm/12.4.2 npm/? node/v20.20.2 linux x64")).toBe("pnpm");
    expect(detectPackageManager("yarn/4.9.0 npm/? node/v22.0.0 darwin arm64")).toBe("yarn");
    expect(detectPackageManager("npm/11.19.0 node/v20.20.2 linux x64 workspaces/false")).toBe("npm");
    expect(detectPackageManager(undefined)).toBe("npm");
    expect(runCommand("pnpm")).toBe("pnpm");
    expect(runCommand("bun")).toBe("bun run");
  });
});

describe("scaffold", () => {
  test("writes a project whose package.json has no runtime dependencies and typemcp as a devDependency", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "create-typemcp-"));
    try {
      const files = scaffold({ dir: path.join(dir, "greeter"), name: "greeter", packageManager: "pnpm", typemcp: "^0.1.0" }, template);
      expect(files).toEqual([
        ".gitignore",
        "README.md",
        "package.json",
        "src/greeter.test.ts",
        "src/greeter.ts",
        "src/server.ts",
        "tsconfig.json",
        "tsconfig.test.json",
        "vitest.config.ts",
      ]);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, "greeter/package.json"), "utf8"));
      expect(manifest).toEqual(packageJson({ dir, name: "greeter", packageManager: "pnpm", typemcp: "^0.1.0" }));
      expect(manifest.dependencies).toBeUndefined();
      expect(manifest.devDependencies).toEqual({ "@types/node": "^20.19.43", typemcp: "^0.1.0", typescript: "~5.9.3", vitest: "^4.1.12" });
      // The packed server is the bundled entry alone, not tsc's per-file output beside it.
      expect(manifest.files).toEqual(["dist/server.js", "dist/server.bundle.js", "dist/server.chunks/"]);
      // The tests are type-checked before they run; vitest alone strips types unchecked.
      expect(manifest.scripts).toMatchObject({ dev: "typemcp dev", test: "tsc -p tsconfig.test.json && vitest run", typecheck: "tsc -p tsconfig.test.json" });
      const tsconfig = JSON.parse(fs.readFileSync(path.join(dir, "greeter/tsconfig.json"), "utf8"));
      expect(tsconfig.compilerOptions.types).toEqual(["node"]);
      const testConfig = JSON.parse(fs.readFileSync(path.join(dir, "greeter/tsconfig.test.json"), "utf8"));
      expect(testConfig).toMatchObject({ extends: "./tsconfig.json", compilerOptions: { noEmit: true }, include: ["src", "vitest.config.ts"], exclude: [] });
      const server = fs.readFileSync(path.join(dir, "greeter/src/server.ts"), "utf8");
      expect(server).toContain("new Greeter({ signOff: process.env.GREETER_SIGN_OFF })");
      expect(server).toContain('await serve(greeter, { name: "greeter", version: "0.1.0", use: [maskErrors()] });');
      expect(server).toContain('import { maskErrors } from "typemcp/middleware";');
      expect(fs.readFileSync(path.join(dir, "greeter/.gitignore"), "utf8").split("\n")).toEqual(["node_modules", "dist", "*.tgz", ".env", ""]);
      const readme = fs.readFileSync(path.join(dir, "greeter/README.md"), "utf8");
      expect(readme).toContain("pnpm build      #");
      // The README names every file the package ships, and no longer calls the entry one file.
      for (const shipped of manifest.files) expect(readme).toContain(`\`${shipped}\``);
      expect(readme).not.toMatch(/one self-contained file/);
      expect(fs.statSync(path.join(dir, "greeter/src/server.ts")).mode & 0o111).not.toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
