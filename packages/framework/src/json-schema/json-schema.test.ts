import { describe, expect, test } from "vitest";
import { acceptedTypes } from "./accepted-types.js";
import { mapSchemasDeep, mapSubschemas } from "./map-subschemas.js";
import { resolveRef } from "./resolve-ref.js";

describe("mapSubschemas", () => {
  test("maps each subschema keyword of both dialects and copies data keywords untouched", () => {
    const mark = (sub: object, keyword: string) => ({ ...sub, under: keyword });
    const node = {
      properties: { a: {}, b: true },
      items: [{}],
      additionalItems: {},
      $defs: { T: {} },
      definitions: { U: {} },
      anyOf: [{}, false],
      not: {},
      default: { $ref: "#/$defs/T" },
      enum: [{ type: "string" }],
    };
    expect(mapSubschemas(node, mark)).toEqual({
      properties: { a: { under: "properties" }, b: true },
      items: [{ under: "items" }],
      additionalItems: { under: "additionalItems" },
      $defs: { T: { under: "$defs" } },
      definitions: { U: { under: "definitions" } },
      anyOf: [{ under: "anyOf" }, false],
      not: { under: "not" },
      default: { $ref: "#/$defs/T" },
      enum: [{ type: "string" }],
    });
  });

  test("mapSchemasDeep visits the innermost schemas first", () => {
    const order: string[] = [];
    mapSchemasDeep({ title: "root", items: { title: "item", properties: { p: { title: "p" } } } }, (node) => {
      order.push(String(node.title));
      return node;
    });
    expect(order).toEqual(["p", "item", "root"]);
  });
});

describe("resolveRef", () => {
  const root = { $defs: { "a/b": { type: "string" }, Tree: { type: "object" } }, definitions: { 'import("/x").T': { type: "number" } } };

  test("resolves the root, $defs and percent-encoded definition names", () => {
    expect(resolveRef("#", root)).toBe(root);
    expect(resolveRef("#/$defs/Tree", root)).toEqual({ type: "object" });
    expect(resolveRef("#/$defs/a%2Fb", root)).toEqual({ type: "string" });
    expect(resolveRef("#/definitions/import(%22%2Fx%22).T", root)).toEqual({ type: "number" });
  });

  test("gives undefined for a reference outside the document or to nothing", () => {
    expect(resolveRef("other.json#/x", root)).toBeUndefined();
    expect(resolveRef("#/$defs/Missing", root)).toBeUndefined();
  });
});

describe("acceptedTypes", () => {
  test("collects types from type lists, enum and const values, and union branches through references", () => {
    const root = { $defs: { Point: { type: "object" } } };
    expect(acceptedTypes({ type: ["string", "null"] }, root)).toEqual(new Set(["string", "null"]));
    expect(acceptedTypes({ enum: ["a", 1, null] }, root)).toEqual(new Set(["string", "number", "null"]));
    expect(acceptedTypes({ anyOf: [{ $ref: "#/$defs/Point" }, { type: "array" }] }, root)).toEqual(new Set(["object", "array"]));
  });

  test("gives undefined when any branch, or a reference loop, takes anything", () => {
    expect(acceptedTypes({ anyOf: [{ type: "string" }, {}] }, {})).toBeUndefined();
    expect(acceptedTypes({ $ref: "#/$defs/Loop" }, { $defs: { Loop: { anyOf: [{ $ref: "#/$defs/Loop" }] } } })).toBeUndefined();
    expect(acceptedTypes({ $ref: "#/$defs/Missing" }, {})).toBeUndefined();
  });
});
