import { describe, expect, test } from "vitest";
import { inlineRefs } from "./inline-refs.js";

describe("inlineRefs", () => {
  test("replaces a reference by its target, keeping the referrer's own description", () => {
    const { schema, recursive } = inlineRefs({
      type: "object",
      properties: { home: { $ref: "#/$defs/Place", description: "Where you live." }, work: { $ref: "#/definitions/Place" } },
      $defs: { Place: { type: "object", properties: { town: { type: "string" } }, description: "A place." } },
      definitions: { Place: { type: "string" } },
    });
    expect(recursive).toBe(false);
    expect(schema).toEqual({
      type: "object",
      properties: {
        home: { type: "object", properties: { town: { type: "string" } }, description: "Where you live." },
        work: { type: "string" },
      },
    });
  });

  test("follows references through references, and leaves data that only looks like one", () => {
    const { schema } = inlineRefs({
      type: "object",
      properties: { a: { $ref: "#/$defs/A" }, $ref: { type: "string", default: { $ref: "#/$defs/A" } } },
      $defs: { A: { type: "array", items: { $ref: "#/$defs/B" } }, B: { enum: ["x"] } },
    });
    expect(schema).toEqual({
      type: "object",
      properties: { a: { type: "array", items: { enum: ["x"] } }, $ref: { type: "string", default: { $ref: "#/$defs/A" } } },
    });
  });

  test("decodes percent-encoded and escaped pointers as typescript-json-schema writes them", () => {
    const { schema } = inlineRefs({
      properties: { t: { $ref: "#/definitions/import(%22%2Fx%22).T" }, s: { $ref: "#/definitions/a~1b" } },
      definitions: { 'import("/x").T': { type: "number" }, "a/b": { type: "boolean" } },
    });
    expect(schema).toEqual({ properties: { t: { type: "number" }, s: { type: "boolean" } } });
  });

  test("keeps a recursive reference, pointing into $defs under the type's own name", () => {
    const { schema, recursive } = inlineRefs({
      type: "object",
      properties: { root: { $ref: '#/definitions/import("/abs/tree").Tree' } },
      definitions: {
        'import("/abs/tree").Tree': {
          type: "object",
          properties: { value: { type: "string" }, children: { type: "array", items: { $ref: '#/definitions/import("/abs/tree").Tree' } } },
        },
      },
    });
    expect(recursive).toBe(true);
    const tree = { type: "object", properties: { value: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Tree" } } } };
    expect(schema).toEqual({ type: "object", properties: { root: { $ref: "#/$defs/Tree" } }, $defs: { Tree: tree } });
  });

  test("keeps a reference to the root itself", () => {
    const { schema, recursive } = inlineRefs({ type: "object", properties: { next: { $ref: "#" } } });
    expect(recursive).toBe(true);
    expect(schema).toEqual({ type: "object", properties: { next: { $ref: "#" } } });
  });

  test("drops a reference it cannot resolve, and says so", () => {
    const { schema, unresolved } = inlineRefs({ properties: { a: { $ref: "https://example.com/s.json", description: "A." } } });
    expect(schema).toEqual({ properties: { a: { description: "A." } } });
    expect(unresolved).toEqual(["https://example.com/s.json"]);
  });
});
