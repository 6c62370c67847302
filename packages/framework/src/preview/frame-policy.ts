import type { ViewCsp } from "../definitions/tool-definition.js";
import { isCspOrigin } from "../view/csp-origin.js";

/**
 * The Content-Security-Policy a view's frame is served with: its own inline script and styles,
 * `data:` and `blob:` assets, and beyond that only the origins it declared; with none declared,
 * no network at all. Values that are not origins are dropped, so a page cannot widen the policy
 * with a stray `;` or keyword.
 */
export function toFramePolicy(csp: ViewCsp = {}): string {
  const list = (origins: readonly string[] | undefined) => (origins ?? []).filter(isCspOrigin);
  const resources = list(csp.resourceDomains);
  const or = (origins: string[], fallback: string) => (origins.length ? origins.join(" ") : fallback);
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources.join(" ")}`.trim(),
    `style-src 'unsafe-inline' ${resources.join(" ")}`.trim(),
    `img-src data: blob: ${resources.join(" ")}`.trim(),
    `font-src data: ${resources.join(" ")}`.trim(),
    `media-src data: blob: ${resources.join(" ")}`.trim(),
    `connect-src ${or(list(csp.connectDomains), "'none'")}`,
    `frame-src ${or(list(csp.frameDomains), "'none'")}`,
    `base-uri ${or(list(csp.baseUriDomains), "'none'")}`,
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}
