import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { fixture, PATHS, startFakeNws, type FakeNws } from "../packages/weather-server/src/__fixtures__/fake-nws.js";
import { chromiumMissing, launchChromium, SCREENSHOTS, startView } from "./support/preview-browser.js";
import { fromRoot } from "./support/paths.js";
import { TOWNS_SERVER } from "./support/towns-csv.js";
import { createDevProject, startDev } from "./support/dev-project.js";

const WEATHER_SERVER = fromRoot("packages/weather-server/dist/weather.js");
const missing = chromiumMissing();
if (missing) console.warn(`Skipping the browser tests of views: ${missing}.`);

// Each sample view, rendered by `typemcp view` in a real headless Chromium: the page lists the
// tools, calls one from its form, and the view shows the real result in its sandboxed frame and
// calls another tool through the host. Screenshots land in test-results/views/.
describe.skipIf(missing !== undefined)("the sample views in typemcp view, in Chromium", { timeout: 120_000 }, () => {
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    chromium = await launchChromium();
  });
  afterAll(() => chromium?.close());

  async function openPage(url: string): Promise<Page> {
    const page = await chromium.context.newPage();
    page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
    await page.goto(url);
    return page;
  }

  // The whole page in the viewport: a full-page capture lays the view's out-of-process frame out again, blank.
  async function shoot(page: Page, name: string): Promise<void> {
    const file = path.join(SCREENSHOTS, `${name}.png`);
    const height = (await page.evaluate("document.documentElement.scrollHeight")) as number;
    await page.setViewportSize({ width: 1100, height: Math.max(height, 600) });
    await page.waitForTimeout(300);
    await page.screenshot({ path: file });
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
  }

  describe("weather's forecast, against the recorded NWS API", () => {
    let nws: FakeNws;
    beforeAll(async () => {
      nws = await startFakeNws();
      // The recordings hold Oregon's alerts; served for Alabama, where the recorded point is.
      nws.route("/alerts/active?area=AL", { body: fixture("alerts.json") });
    });
    afterAll(() => nws?.close());

    test("renders the forecast's periods and, through the host, the state's alerts", async () => {
      const view = await startView([process.execPath, WEATHER_SERVER], { NWS_USER_AGENT: "typemcp-tests (ops@example.test)", NWS_API_BASE: nws.baseUrl });
      const page = await openPage(view.url);
      try {
        await page.click('nav button[data-tool="get_forecast"]');
        await page.fill('input[name="latitude"]', "33.211");
        await page.fill('input[name="longitude"]', "-87.566");
        await page.click('form button[type="submit"]');
        const frame = page.frameLocator('iframe[title="get_forecast view"]');
        await expect.poll(() => frame.locator("#place").textContent(), { timeout: 45_000 }).toBe("Tuscaloosa, AL");
        // The first recorded period, in its card and on the chart.
        expect(await frame.locator(".period").first().textContent()).toContain("This Afternoon69°F");
        expect(await frame.locator("svg.chart circle").count()).toBe(14);
        // get_alerts, called by the view through the host, reached the server and the recorded API.
        await expect.poll(() => frame.locator("#alerts").textContent(), { timeout: 45_000 }).toContain("Flood Watch");
        expect(nws.requestsTo("/alerts/active?area=AL")).toHaveLength(1);
        expect(nws.requestsTo(PATHS.forecast)).toHaveLength(1);
        await shoot(page, "weather-forecast-light");
        await page.click("#theme");
        await page.click("#width");
        await expect.poll(() => frame.locator("html").getAttribute("data-theme")).toBe("dark");
        await shoot(page, "weather-forecast-dark-narrow");
      } finally {
        await page.close();
        await view.stop();
      }
    });
  });

  test("towns' comparison: a sortable table, and a town's profile fetched through the host", async () => {
    const view = await startView([process.execPath, TOWNS_SERVER]);
    const page = await openPage(view.url);
    try {
      await page.click('nav button[data-tool="compare_towns"]');
      await page.fill('input[name="towns"]', "Winchester, Arlington, Lexington, Newton");
      await page.click('form button[type="submit"]');
      const frame = page.frameLocator('iframe[title="compare_towns view"]');
      const names = () => frame.locator("tbody tr td:first-child").allTextContents();
      await expect.poll(names, { timeout: 45_000 }).toEqual(["Arlington", "Lexington", "Newton", "Winchester"]);
      // Sorted by distance to Boston, nearest first, from the real result.
      await frame.locator('th[data-key="distanceToBostonMiles"]').click();
      const distances = (await frame.locator("tbody tr td:last-child").allTextContents()).map(Number);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(await frame.locator('th[data-key="distanceToBostonMiles"]').getAttribute("aria-sort")).toBe("ascending");
      // get_town, called by the view through the host.
      await frame.locator('tbody tr[data-town="Lexington"]').click();
      await expect.poll(() => frame.locator(".profile h2").textContent(), { timeout: 45_000 }).toBe("Lexington");
      expect(await frame.locator(".profile").textContent()).toContain("Middlesex");
      await shoot(page, "towns-compare-light");
      await page.click("#theme");
      await page.click("#width");
      await expect.poll(() => frame.locator("html").getAttribute("data-theme")).toBe("dark");
      await shoot(page, "towns-compare-dark-narrow");
    } finally {
      await page.close();
      await view.stop();
    }
  });

  test("typemcp dev --view renders the view again after its file changes", async () => {
    const project = createDevProject(`import { serve, tool } from "typemcp";
export class Thermometer {
  /** Today's temperatures. */
  @tool({ view: "../views/today.ts" })
  today(): { high: number; low: number } {
    return { high: 21, low: 12 };
  }
}
await serve(new Thermometer(), { name: "thermometer", version: "1.0.0" });
`);
    const viewFile = path.join(project.dir, "views", "today.ts");
    const view = (format: string) => `import { connectView } from "typemcp/view";
import type { Thermometer } from "../src/server.js";
connectView<Thermometer, "today">().onResult((today) => {
  document.body.innerHTML = \`<p id="temps">\${${format}}</p>\`;
});
`;
    fs.mkdirSync(path.dirname(viewFile));
    fs.writeFileSync(viewFile, view("`${today.high}° / ${today.low}°`"));
    const dev = startDev(project.dir, ["--view", "--view-port", "0"]);
    const page = await chromium.context.newPage();
    try {
      const [, url] = await dev.waitFor(/views at (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/);
      await page.goto(url!);
      await page.click('nav button[data-tool="today"]');
      await page.click('form button[type="submit"]');
      const temps = page.frameLocator('iframe[title="today view"]').locator("#temps");
      await expect.poll(() => temps.textContent(), { timeout: 45_000 }).toBe("21° / 12°");
      const before = dev.stderr().length;
      fs.writeFileSync(viewFile, view("`high ${today.high}, low ${today.low}`"));
      await dev.waitFor(/rebuilt and restarted/, before);
      // The page heard of the rebuild, called the tool again and rendered the new view.
      await expect.poll(() => temps.textContent(), { timeout: 45_000 }).toBe("high 21, low 12");
    } finally {
      await page.close();
      await dev.stop();
      project.remove();
    }
  });

  test("a view gets a Date, a Set and a class instance in their wire form, and an error a view throws shows on the preview page with its file and line", async () => {
    const project = createDevProject(`import { serve, tool } from "typemcp";
export class Point {
  #raw = "hidden";
  constructor(public x: number, public y: number) {}
  norm(): number { return Math.hypot(this.x, this.y) + this.#raw.length; }
}
export class Notes {
  /** The next note. */
  @tool({ view: "../views/notes.ts" })
  next(): { due: Date; tags: Set<string>; at: Point } {
    return { due: new Date("2026-12-24T18:00:00Z"), tags: new Set(["gift", "family"]), at: new Point(3, 4) };
  }

  /** A note whose view fails. */
  @tool({ view: "../views/broken.ts" })
  broken(): { due: Date } {
    return { due: new Date(0) };
  }
}
await serve(new Notes(), { name: "notes", version: "1.0.0" });
`);
    const views = path.join(project.dir, "views");
    fs.mkdirSync(views);
    fs.writeFileSync(
      path.join(views, "notes.ts"),
      `import { connectView } from "typemcp/view";
import type { Notes } from "../src/server.js";
connectView<Notes, "next">().onResult((note) => {
  const due = new Date(note.due);
  document.body.innerHTML = \`<p id="due">\${due.toISOString()}</p><p id="tags">\${note.tags.join(", ")}</p><p id="at">\${JSON.stringify(note.at)}</p>\`;
});
`,
    );
    fs.writeFileSync(
      path.join(views, "broken.ts"),
      `import { connectView } from "typemcp/view";
import type { Notes } from "../src/server.js";
connectView<Notes, "broken">().onResult((note) => {
  if (note.due) throw new RangeError("no room for the note");
});
`,
    );
    const dev = startDev(project.dir, ["--view", "--view-port", "0"]);
    const page = await chromium.context.newPage();
    try {
      const [, url] = await dev.waitFor(/views at (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/);
      await page.goto(url!);
      await page.click('nav button[data-tool="next"]');
      await page.click('form button[type="submit"]');
      const frame = page.frameLocator('iframe[title="next view"]');
      await expect.poll(() => frame.locator("#due").textContent(), { timeout: 45_000 }).toBe("2026-12-24T18:00:00.000Z");
      expect(await frame.locator("#tags").textContent()).toBe("gift, family");
      expect(await frame.locator("#at").textContent()).toBe('{"x":3,"y":4}');
      await shoot(page, "wire-values-view");

      await page.click('nav button[data-tool="broken"]');
      await page.click('form button[type="submit"]');
      const shown = page.locator(".view-error");
      await expect.poll(() => shown.textContent(), { timeout: 45_000 }).toBe("The broken view threw RangeError: no room for the note (views/broken.ts:4:23)");
      // The view's own page says so too, instead of staying blank.
      expect(await page.frameLocator('iframe[title="broken view"]').locator("[data-typemcp-view-error]").textContent()).toContain("views/broken.ts:4:23");
      await shoot(page, "view-error");
    } finally {
      await page.close();
      await dev.stop();
      project.remove();
    }
  });
});
