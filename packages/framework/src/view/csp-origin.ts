/**
 * Whether `value` is an origin a view may declare in its CSP lists (`https://api.example.com`,
 * `https://*.example.com`, `wss://…:8443`): nothing a host writes into a Content-Security-Policy
 * could be widened or broken by (no path, quote, keyword or `;`).
 */
export function isCspOrigin(value: unknown): value is string {
  return typeof value === "string" && /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9.-]+(?::\d+)?$/i.test(value);
}
