import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { SHARED_DECLARATIONS, SHARED_REQUEST_METHOD } from "./shared-request-text.js";

const SOURCE = fs.readFileSync(new URL("./emitted/shared-request.ts", import.meta.url), "utf8");

function region(name: string): string {
  const match = new RegExp(`\\n( *)// #region ${name}\\n([\\s\\S]*?)\\n *// #endregion`).exec(SOURCE);
  return `${match![2]!.replace(/\n$/, "")}\n`;
}

describe("the code typemcp openapi copies into every file", () => {
  test("is the current text of emitted/shared-request.ts (node scripts/openapi-shared-request.mjs rewrites it)", () => {
    expect(SHARED_DECLARATIONS).toBe(region("module"));
    expect(SHARED_REQUEST_METHOD).toBe(region("class"));
  });

  test("holds the request method indented for a class body", () => {
    expect(SHARED_REQUEST_METHOD.split("\n")[0]).toBe("  /**");
    expect(SHARED_REQUEST_METHOD).toContain("  protected async request<T>(ctx: Context | undefined, request: ApiRequest): Promise<T> {");
  });
});
