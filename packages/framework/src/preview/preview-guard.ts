import { randomBytes, timingSafeEqual } from "node:crypto";
import type http from "node:http";

/**
 * Keeps the preview page a page only its own user can drive. Any web page the user visits can
 * send requests to 127.0.0.1 (a form POST, `fetch` with `mode: "no-cors"`, a frame): without
 * these checks it could run the server's tools. So the preview has a random token, in the URL
 * `typemcp view` prints; opening that page sets it as a cookie only this origin's requests carry
 * (`SameSite=Strict`, `HttpOnly`), and every other request must carry it. Requests must also be
 * same-origin (`Sec-Fetch-Site`, `Origin`, when the browser sends them), a tool call's body must
 * be JSON (which no cross-site page can send without a CORS preflight, never answered here), and
 * no other site may frame the page (`frame-ancestors 'none'`).
 */
export interface PreviewGuard {
  /** The query that opens the page: `?token=…`. */
  readonly query: string;
  /** Why `req` is refused (status and message), or undefined when it may proceed. */
  check(req: http.IncomingMessage, url: URL): { status: number; error: string } | undefined;
  /** Headers for the page's own answer: the cookie that later requests carry, and no framing. */
  pageHeaders(): Record<string, string>;
}

/** Headers every answer of the preview carries: no other site may frame it. */
export const NO_FRAMING = { "content-security-policy": "frame-ancestors 'none'", "x-frame-options": "DENY" } as const;

/** Creates the guard of one preview, listening on `port`, with a fresh random token. */
export function createPreviewGuard(port: number): PreviewGuard {
  const token = randomBytes(32).toString("base64url");
  // One cookie per preview: two previews on one machine share the cookie jar of 127.0.0.1.
  const cookie = `typemcp-preview-${port}`;
  const matches = (given: string | null | undefined) =>
    given != null && given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));
  return {
    query: `?token=${token}`,
    check(req, url) {
      const page = req.method === "GET" && url.pathname === "/";
      const site = header(req, "sec-fetch-site");
      // The page may be opened from the address bar (`none`) or reloaded; everything else comes from the page itself.
      if (site !== undefined && site !== "same-origin" && !(page && site === "none")) {
        return { status: 403, error: `Refused a ${site} request: the preview answers its own page only.` };
      }
      const origin = header(req, "origin");
      if (origin !== undefined && origin !== `http://${req.headers.host}`) {
        return { status: 403, error: `Refused a request from ${origin.slice(0, 200)}: the preview answers its own page only.` };
      }
      if (page) {
        return matches(url.searchParams.get("token")) || matches(cookieOf(req, cookie))
          ? undefined
          : { status: 403, error: "Open the preview at the URL typemcp printed: it carries this preview's token." };
      }
      if (!matches(cookieOf(req, cookie))) return { status: 403, error: "Missing or wrong preview token: reload the page from the URL typemcp printed." };
      if (req.method === "POST" && !/^application\/json\s*(?:;|$)/i.test(header(req, "content-type") ?? "")) {
        return { status: 415, error: "The preview takes JSON only: send Content-Type: application/json." };
      }
      return undefined;
    },
    pageHeaders: () => ({ ...NO_FRAMING, "set-cookie": `${cookie}=${token}; Path=/; HttpOnly; SameSite=Strict` }),
  };
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function cookieOf(req: http.IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
