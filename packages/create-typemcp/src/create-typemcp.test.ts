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
        "vitest.config.ts",
      ]);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, "greeter/package.json"), "utf8"));
      expect(manifest).toEqual(packageJson({ dir, name: "greeter", packageManager: "pnpm", typemcp: "^0.1.0" }));
      expect(manifest.dependencies).toBeUndefined();
      expect(Object.keys(manifest.devDependencies)).toEqual(["typemcp", "typescript", "vitest"]);
      expect(fs.readFileSync(path.join(dir, "greeter/src/server.ts"), "utf8")).toContain('serve(new Greeter(), { name: "greeter", version: "0.1.0" });');
      expect(fs.readFileSync(path.join(dir, "greeter/README.md"), "utf8")).toContain("pnpm build      #");
      expect(fs.statSync(path.join(dir, "greeter/src/server.ts")).mode & 0o111).not.toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
