import { describe, expect, test } from "vitest";
import { CodeModeCatalog } from "./code-mode-tools.js";

describe("code mode's namespaces", () => {
  test("a server or tool named after what every object inherits reaches nothing of it", () => {
    const catalog = new CodeModeCatalog([
      { name: "constructor", tools: [{ name: "defineProperty", inputSchema: { type: "object" } }] },
      { name: "__proto__", tools: [{ name: "toString", inputSchema: { type: "object" } }] },
    ]);
    const namespaces = catalog.namespaces();
    expect(typeof Object.defineProperty).toBe("function");
    expect(Object.getPrototypeOf(namespaces)).toBeNull();
    expect(Object.keys(namespaces)).toEqual(["constructor_", "__proto___"]);
    expect({ ...namespaces.constructor_ }).toEqual({ defineProperty: "constructor__defineProperty" });
    expect({ ...namespaces.__proto___ }).toEqual({ toString_: "__proto____toString" });
    expect(({} as Record<string, unknown>).defineProperty).toBeUndefined();
  });
});
