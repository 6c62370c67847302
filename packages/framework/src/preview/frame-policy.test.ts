import { describe, expect, test } from "vitest";
import { toFramePolicy } from "./frame-policy.js";

describe("toFramePolicy", () => {
  test("allows a view its inline code and data: assets and no network when it declares nothing", () => {
    expect(toFramePolicy()).toBe(
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; media-src data: blob:; connect-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
  });

  test("widens each directive by the origins declared, and drops what is not an origin", () => {
    const policy = toFramePolicy({
      connectDomains: ["https://api.example.com", "'unsafe-eval'", "https://x.example; script-src *"],
      resourceDomains: ["https://*.cdn.example"],
    });
    expect(policy).toContain("connect-src https://api.example.com;");
    expect(policy).toContain("script-src 'unsafe-inline' https://*.cdn.example;");
    expect(policy).toContain("img-src data: blob: https://*.cdn.example;");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("script-src *");
  });
});
