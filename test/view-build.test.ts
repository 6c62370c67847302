import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createDevProject } from "./support/dev-project.js";
import { TYPEMCP_CLI } from "./support/paths.js";

function build(dir: string) {
  return spawnSync(process.execPath, [TYPEMCP_CLI, "build", "--project", path.join(dir, "tsconfig.json")], { cwd: dir, encoding: "utf8" });
}

const tools = (result: string) => `import { serve, tool } from "typemcp";
export class Thermometer {
  /** Today's temperatures. */
  @tool({ view: "../views/today.ts" })
  today(): ${result} {
    return { high: 21, low: 12 };
  }
}
await serve(new Thermometer(), { name: "thermometer", version: "1.0.0" });
`;

// The view reads the result through connectView<Class, "method">(): its types are the method's own.
const VIEW = `import { connectView } from "typemcp/view";
import type { Thermometer } from "../src/server.js";

const view = connectView<Thermometer, "today">();
view.onResult((today) => {
  document.body.textContent = \`\${today.high}° / \${today.low}°\`;
});
`;

// Each test builds a whole project, twice for the first: allow for a busy machine.
describe("typemcp build with a view", { timeout: 120_000 }, () => {
  const scratch: Array<{ remove(): void }> = [];
  afterAll(() => scratch.forEach((project) => project.remove()));

  test("bundles the view into the server, and fails at the view's file:line once the tool no longer returns what the view reads", () => {
    const project = createDevProject(tools("{ high: number; low: number }"));
    scratch.push(project);
    fs.mkdirSync(path.join(project.dir, "views"));
    fs.writeFileSync(path.join(project.dir, "views", "today.ts"), VIEW);

    const good = build(project.dir);
    expect(good.stderr).toBe("");
    expect(good.stdout).toContain("today() with a view");
    const emitted = fs.readFileSync(path.join(project.dir, "dist", "server.bundle.js"), "utf8");
    expect(emitted).toContain("<!doctype html>");
    expect(emitted).not.toContain("typemcp:view:");
    // The page is out of the definitions every start parses, in a function read only when a client reads the view.
    const pages = emitted.indexOf("function __typemcpViewPage(");
    expect(pages).toBeGreaterThan(-1);
    expect(emitted.slice(emitted.indexOf("function __typemcpDefinition("), pages)).not.toContain("<!doctype html>");
    expect(emitted.slice(pages)).toContain("<!doctype html>");
    // The page's zod speaks English only: its other locales (Indonesian here) are left out.
    expect(emitted).toContain("Invalid input");
    expect(emitted).not.toContain("Input tidak valid");

    // `high` renamed to `max` in the method's return type; the view was not told.
    project.write(tools("{ max: number; low: number }").replace("high: 21", "max: 21"));
    const stale = build(project.dir);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain("views/today.ts(6,40): error TS2339: Property 'high' does not exist on type '{ max: number; low: number; }'.");
    // Nothing written: the last good build stays.
    expect(fs.readFileSync(path.join(project.dir, "dist", "server.bundle.js"), "utf8")).toBe(emitted);
  });

  test("names the decorator's file:line when the view file does not exist", () => {
    const project = createDevProject(tools("{ high: number; low: number }"));
    scratch.push(project);
    const run = build(project.dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /src\/server\.ts:4:\d+ - Thermometer\.today: the view file views\/today\.ts does not exist \(the path is relative to server\.ts\)/,
    );
  });

  test("refuses a CSP entry that is not an origin, at the option", () => {
    const project = createDevProject(
      tools("{ high: number; low: number }").replace(
        '@tool({ view: "../views/today.ts" })',
        '@tool({ view: { entry: "../views/today.ts", csp: { connectDomains: ["https://api.example.com", "* \'unsafe-eval\'"] } } })',
      ),
    );
    scratch.push(project);
    fs.mkdirSync(path.join(project.dir, "views"));
    fs.writeFileSync(path.join(project.dir, "views", "today.ts"), VIEW);
    const run = build(project.dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /src\/server\.ts:4:\d+ - Thermometer\.today: view\.csp\.connectDomains must list origins such as "https:\/\/api\.example\.com" or "https:\/\/\*\.example\.com"; not "\* 'unsafe-eval'"/,
    );
  });
});
