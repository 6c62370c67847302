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
});
