import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { documentationFiles, headingAnchors, relativeLinks } from "./support/markdown.js";
import { fromRoot } from "./support/paths.js";

// The framework's README is the npm page and its docs/ pages ship in the package: a link from
// either must reach a file the tarball holds, or it is broken for every reader outside the
// repository (it was: the README's `../../README.md#security`).
const PACKAGE = "packages/framework/";
const SHIPPED = [/^packages\/framework\/README\.md$/, /^packages\/framework\/LICENSE$/, /^packages\/framework\/docs\/[\w-]+\.md$/];

describe("documentation links", () => {
  test("every relative link of every README and docs page reaches a file and a heading that exist", () => {
    const broken = documentationFiles()
      .flatMap(relativeLinks)
      .filter(
        (link) =>
          !fs.existsSync(fromRoot(link.target)) || (link.anchor !== undefined && link.target.endsWith(".md") && !headingAnchors(link.target).has(link.anchor)),
      )
      .map((link) => `${link.from}: ${link.href}`);
    expect(broken).toEqual([]);
  });

  test("the npm page and the shipped docs link only to files the package ships", () => {
    const outside = documentationFiles()
      .filter((file) => file.startsWith(PACKAGE) && SHIPPED.some((shipped) => shipped.test(file)))
      .flatMap(relativeLinks)
      .filter((link) => !SHIPPED.some((shipped) => shipped.test(link.target)))
      .map((link) => `${link.from}: ${link.href}`);
    expect(outside).toEqual([]);
  });

  test("the root README stays a front door: at most 150 lines, with the two set-up commands as they are", () => {
    const readme = fs.readFileSync(fromRoot("README.md"), "utf8");
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(150);
    expect(readme).toContain("npx -y pnpm@12.4.2 install && npx -y pnpm@12.4.2 demo\n");
    expect(readme).toContain("npx -y pnpm@12.4.2 install && npx -y pnpm@12.4.2 test\n");
  });

  test("the package publishes its docs folder", () => {
    const manifest = JSON.parse(fs.readFileSync(fromRoot(`${PACKAGE}package.json`), "utf8")) as { files: string[] };
    expect(manifest.files).toContain("docs");
  });
});
