import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startView, type ViewProcess } from "./support/preview-browser.js";
import { fromRoot } from "./support/paths.js";

// `typemcp view` runs tools for its own page only (issue #37): any site its user visits can send
// a request to 127.0.0.1, and a form-style POST (text/plain, no preflight) used to run a tool.
// A real `typemcp view` process over a fixture server, driven with the requests a browser sends.
const SERVER = fromRoot("test/fixtures/dist/tc39/tc39.js");

describe("the preview page of typemcp view", () => {
  let view: ViewProcess;
  let base: string;
  let cookie: string;
  beforeAll(async () => {
    view = await startView([process.execPath, SERVER]);
    base = new URL("/", view.url).href;
    const page = await fetch(view.url, { headers: { "sec-fetch-site": "none" } });
    expect(page.status).toBe(200);
    cookie = page.headers.get("set-cookie")!.split(";")[0]!;
  }, 60_000);
  afterAll(async () => {
    await view?.stop();
  });

  const callEcho = (headers: Record<string, string>) =>
    fetch(new URL("/api/call", base), { method: "POST", headers, body: JSON.stringify({ name: "echo", arguments: { text: "ran" } }) });

  test("serves its page only at the URL it printed, never to be framed, and sets the token as a strict cookie", async () => {
    expect(view.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
    const page = await fetch(view.url);
    expect(page.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("set-cookie")).toMatch(/^typemcp-preview-\d+=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const guessed = await fetch(base);
    expect(guessed.status).toBe(403);
    expect(await guessed.json()).toEqual({ error: "Open the preview at the URL typemcp printed: it carries this preview's token." });
  });

  test("refuses a cross-site form POST (text/plain, Origin of another site) and runs nothing", async () => {
    const refused = await callEcho({ "content-type": "text/plain", origin: "http://evil.example", "sec-fetch-site": "cross-site" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Refused a cross-site request: the preview answers its own page only." });
    const fromOrigin = await callEcho({ "content-type": "application/json", origin: "http://evil.example", cookie });
    expect(fromOrigin.status).toBe(403);
    expect(await fromOrigin.json()).toEqual({ error: "Refused a request from http://evil.example: the preview answers its own page only." });
  });

  test("refuses a call without the token, or with a body that is not JSON", async () => {
    const origin = new URL(base).origin;
    const noToken = await callEcho({ "content-type": "application/json", origin, "sec-fetch-site": "same-origin" });
    expect(noToken.status).toBe(403);
    expect(await noToken.json()).toEqual({ error: "Missing or wrong preview token: reload the page from the URL typemcp printed." });
    const wrongToken = await callEcho({ "content-type": "application/json", origin, cookie: `${cookie.split("=")[0]}=${"x".repeat(43)}` });
    expect(wrongToken.status).toBe(403);
    const plain = await callEcho({ "content-type": "text/plain", origin, "sec-fetch-site": "same-origin", cookie });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ error: "The preview takes JSON only: send Content-Type: application/json." });
    const events = await fetch(new URL("/api/server", base), { headers: { "sec-fetch-site": "same-site", cookie } });
    expect(events.status).toBe(403);
  });

  test("runs a tool for its own page: same origin, the token's cookie, a JSON body", async () => {
    const ran = await callEcho({ "content-type": "application/json", origin: new URL(base).origin, "sec-fetch-site": "same-origin", cookie });
    expect(ran.status).toBe(200);
    expect(JSON.stringify(await ran.json())).toContain('"ran"');
  });
});
