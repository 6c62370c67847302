import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { CODE_DESCRIPTIONS } from "./code-descriptions.js";
import { ERROR_CODES } from "./codes.js";
import { renderErrorReference, withErrorReference } from "./error-reference.js";

const PAGE = new URL("../../docs/errors.md", import.meta.url);

describe("the error reference", () => {
  test("describes every code in ERROR_CODES, and nothing else, with when it happens and what to do", () => {
    expect(Object.keys(CODE_DESCRIPTIONS).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const [code, { when, fix }] of Object.entries(CODE_DESCRIPTIONS)) {
      expect(when.trim().length, `${code}: when`).toBeGreaterThan(20);
      expect(fix.trim().length, `${code}: fix`).toBeGreaterThan(5);
    }
  });

  test("lists each code once, with its JSON-RPC or exit code", () => {
    const reference = renderErrorReference();
    for (const code of Object.keys(ERROR_CODES)) expect(reference.split(`| \`${code}\` |`).length, code).toBe(2);
    expect(reference).toContain("| `UNKNOWN_TOOL` | -32602 |");
    expect(reference).toContain("| `HOST_CANCELLED` | 130 |");
  });

  test("docs/errors.md holds the current reference (node scripts/error-reference.mjs rewrites it)", () => {
    const page = fs.readFileSync(PAGE, "utf8");
    expect(withErrorReference(page)).toBe(page);
  });
});
