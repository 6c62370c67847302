import { describe, expect, test } from "vitest";
import { deriveOne, expectArguments, failOne, fixture } from "./__fixtures__/derive-one.js";
import { deriveSource } from "./__fixtures__/derive-source.js";

const point = { type: "object", properties: { x: { type: "number" }, y: { type: "number" } }, required: ["x", "y"], additionalProperties: false };

describe("schemas of object types", () => {
  test("closes interfaces, aliases, intersections, Partial, Pick and Omit to extra properties", () => {
    const tool = deriveOne(
      `@tool() f(p: Point, named: Point & { name: string }, patch: Partial<Point>, xOnly: Pick<Point, "x">, noY: Omit<Point, "y">): void {}`,
      `type Point = { x: number; y: number };`,
    );
    const x = { x: { type: "number" } };
    expect(tool.inputSchema.properties).toEqual({
      p: point,
      named: { type: "object", properties: { ...point.properties, name: { type: "string" } }, required: ["x", "y", "name"], additionalProperties: false },
      patch: { type: "object", properties: point.properties, additionalProperties: false },
      xOnly: { type: "object", properties: x, required: ["x"], additionalProperties: false },
      noY: { type: "object", properties: x, required: ["x"], additionalProperties: false },
    });
    expectArguments(tool, {
      accepts: [{ p: { x: 1, y: 2 }, named: { x: 1, y: 2, name: "a" }, patch: {}, xOnly: { x: 1 }, noY: { x: 1 } }],
      rejects: [
        [
          { p: { x: 1, y: 2, z: 3 }, named: { x: 1, y: 2 }, patch: { y: "2" }, xOnly: { x: 1, y: 2 }, noY: { x: 1 } },
          [
            'p.z: unknown parameter; expected only "x", "y"',
            "named.name: missing required parameter (expected string)",
            'patch.y: expected number, got string "2"',
            'xOnly.y: unknown parameter; expected only "x"',
          ],
        ],
      ],
    });
  });

  test("reads types imported from another file and from a package", () => {
    const tool = deriveOne(`@tool() f(place: Place, area: Area): void {}`, `import type { Place } from "./place.js";\nimport type { Area } from "geo-kit";`, {
      "./place.ts": `/** A named point. */\nexport interface Place {\n  /** Its name. */\n  name: string;\n  kind: "city" | "village";\n}`,
      "./node_modules/geo-kit/package.json": `{ "name": "geo-kit", "types": "index.d.ts" }`,
      "./node_modules/geo-kit/index.d.ts": `export interface Area { corners: [number, number][]; unit?: "km" | "mi" }`,
    });
    expect(tool.inputSchema.properties).toEqual({
      place: {
        type: "object",
        description: "A named point.",
        properties: { name: { type: "string", description: "Its name." }, kind: { type: "string", enum: ["city", "village"] } },
        required: ["name", "kind"],
        additionalProperties: false,
      },
      area: {
        type: "object",
        properties: {
          corners: { type: "array", items: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], minItems: 2, maxItems: 2 } },
          unit: { type: "string", enum: ["km", "mi"] },
        },
        required: ["corners"],
        additionalProperties: false,
      },
    });
  });

  test("writes a union of object types no value can match two of as oneOf of its members", () => {
    const tool = deriveOne(`@tool() f(target: { email: string } | { phone: string }): void {}`);
    expect(tool.inputSchema.properties).toEqual({
      target: {
        oneOf: [
          { type: "object", properties: { email: { type: "string" } }, required: ["email"], additionalProperties: false },
          { type: "object", properties: { phone: { type: "string" } }, required: ["phone"], additionalProperties: false },
        ],
      },
    });
    expectArguments(tool, {
      accepts: [{ target: { email: "a@b" } }, { target: { phone: "1" } }],
      rejects: [
        [{ target: "a@b" }, ['target: expected object, got string "a@b"']],
        [
          { target: { email: 1 } },
          ['target: matches none of the 2 allowed shapes; closest is the object with "email", which needs:', "target.email: expected string, got number 1"],
        ],
      ],
    });
  });

  test("keeps a union of object types a value may match several of as anyOf", () => {
    const tool = deriveOne(`@tool() f(query: { text: string } | { text: string; page?: number }): void {}`);
    expect(tool.inputSchema.properties).toEqual({
      query: {
        anyOf: [
          { type: "object", properties: { text: { type: "string" } }, required: ["text"], additionalProperties: false },
          { type: "object", properties: { text: { type: "string" }, page: { type: "number" } }, required: ["text"], additionalProperties: false },
        ],
      },
    });
    expectArguments(tool, { accepts: [{ query: { text: "a" } }, { query: { text: "a", page: 2 } }] });
  });

  test("writes a discriminated union as oneOf, with each discriminant as a const", () => {
    const tool = deriveOne(
      `@tool() f(shape: Shape, maybe: Shape | null): void {}`,
      `interface Circle { kind: "circle"; radius: number }
      interface Square { kind: "square"; side: number }
      type Shape = Circle | Square;`,
    );
    const circle = {
      type: "object",
      properties: { kind: { type: "string", const: "circle" }, radius: { type: "number" } },
      required: ["kind", "radius"],
      additionalProperties: false,
    };
    const square = {
      type: "object",
      properties: { kind: { type: "string", const: "square" }, side: { type: "number" } },
      required: ["kind", "side"],
      additionalProperties: false,
    };
    expect(tool.inputSchema.properties).toEqual({ shape: { oneOf: [circle, square] }, maybe: { oneOf: [circle, square, { type: "null" }] } });
    expectArguments(tool, {
      accepts: [
        { shape: { kind: "circle", radius: 1 }, maybe: null },
        { shape: { kind: "square", side: 2 }, maybe: { kind: "circle", radius: 3 } },
      ],
      rejects: [
        [
          { shape: { kind: "square", radius: 1 }, maybe: null },
          ["shape.side: missing required parameter (expected number)", 'shape.radius: unknown parameter; expected only "kind", "side"'],
        ],
        [{ shape: { kind: "triangle", side: 1 }, maybe: null }, ['shape.kind: expected one of "circle", "square", got string "triangle"']],
        [{ shape: { kind: "circle", radius: 1 }, maybe: 5 }, ["maybe: expected object or null, got number 5"]],
      ],
    });
  });

  test("refuses a required never property, which no object has, and closes an optional one to its key", () => {
    expect(failOne(fixture(`@tool() f(o: { a: string; n: never }): void {}`)).map((e) => e.message)).toEqual([
      'Fixture.f: parameter "o": property "n" is a required `never`, which no value has, so no object of this type can be sent; make it optional (`n?: never`) to forbid the key, or give it a type',
    ]);
    const tool = deriveOne(`@tool() f(o: { a: string; n?: never }): void {}`);
    expectArguments(tool, {
      accepts: [{ o: { a: "x" } }],
      rejects: [[{ o: { a: "x", n: 1 } }, ['o.n: unknown parameter; expected only "a"']]],
    });
  });

  test("warns, at the property's line, when a /** */ comment on the line of the { before it is not JSDoc to TypeScript", () => {
    const [derived] = deriveSource(fixture(`@tool() order(item: { /** @minimum 1 */ quantity: number; /** The SKU. */ sku: string }): void {}`));
    if (!derived?.ok) throw new Error("expected a tool");
    const text =
      "its /** */ comment shares a line with the `{` or `;` before it, where TypeScript does not read it as JSDoc, so its description and tags (@minimum, @pattern…) are lost; start the property on a line of its own";
    expect(derived.warnings.map((w) => [w.message, w.location?.line])).toEqual([
      [`Fixture.order: parameter "item": property "quantity": ${text}`, 4],
      [`Fixture.order: parameter "item": property "sku": ${text}`, 4],
    ]);
    // Written one property a line, the same comments are JSDoc: no warning, and the bound holds.
    const tool = deriveOne(`@tool() order(item: {\n  /** @minimum 1 */ quantity: number;\n  /** The SKU. */\n  sku: string;\n}): void {}`);
    expect((tool.inputSchema.properties as Record<string, { properties: object }>).item?.properties).toEqual({
      quantity: { type: "number", minimum: 1 },
      sku: { type: "string", description: "The SKU." },
    });
  });

  test("keeps a recursive type as the one $ref, with plain names in $defs at the root", () => {
    const tool = deriveOne(
      `@tool() f(tree: Tree<string>, list: Cell): void {}`,
      `interface Tree<T> { value: T; children: Tree<T>[] }\ntype Cell = { head: number; tail: Cell | null };`,
    );
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: { tree: { $ref: "#/$defs/Tree_string" }, list: { $ref: "#/$defs/Cell" } },
      required: ["tree", "list"],
      additionalProperties: false,
      $defs: {
        Tree_string: {
          type: "object",
          properties: { value: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Tree_string" } } },
          required: ["value", "children"],
          additionalProperties: false,
        },
        Cell: {
          type: "object",
          properties: { head: { type: "number" }, tail: { anyOf: [{ $ref: "#/$defs/Cell" }, { type: "null" }] } },
          required: ["head", "tail"],
          additionalProperties: false,
        },
      },
    });
    expectArguments(tool, {
      accepts: [{ tree: { value: "a", children: [{ value: "b", children: [] }] }, list: { head: 1, tail: { head: 2, tail: null } } }],
      rejects: [
        [
          { tree: { value: "a", children: [{ value: 1, children: [] }] }, list: { head: 1, tail: null } },
          ["tree.children[0].value: expected string, got number 1"],
        ],
      ],
    });
  });

  test("names the definition of a recursive type from another file plainly, without its import path", () => {
    const tool = deriveOne(`@tool() f(menu: Menu): void {}`, `import type { Menu } from "./menu.js";`, {
      "./menu.ts": `export interface Menu { label: string; items: Menu[] }`,
    });
    expect(tool.inputSchema.properties).toEqual({ menu: { $ref: "#/$defs/Menu" } });
    expect(Object.keys(tool.inputSchema.$defs as object)).toEqual(["Menu"]);
  });

  test("keeps two different recursive types of one name apart in $defs", () => {
    const tool = deriveOne(
      `@tool() f(menu: Menu.Node, tree: Tree.Node): void {}`,
      `import type * as Menu from "./menu.js";\nimport type * as Tree from "./tree.js";`,
      {
        "./menu.ts": `export interface Node { label: string; items: Node[] }`,
        "./tree.ts": `export interface Node { value: number; kids: Node[] }`,
      },
    );
    expect(tool.inputSchema.properties).toEqual({ menu: { $ref: "#/$defs/Node" }, tree: { $ref: "#/$defs/Node_2" } });
    expect((tool.inputSchema.$defs as Record<string, { properties: object }>).Node_2?.properties).toEqual({
      value: { type: "number" },
      kids: { type: "array", items: { $ref: "#/$defs/Node_2" } },
    });
    expectArguments(tool, {
      accepts: [{ menu: { label: "a", items: [] }, tree: { value: 1, kids: [{ value: 2, kids: [] }] } }],
      rejects: [
        [
          { menu: { label: "a", items: [] }, tree: { value: 1, kids: [{ label: "x", items: [] }] } },
          [
            "tree.kids[0].value: missing required parameter (expected number)",
            "tree.kids[0].kids: missing required parameter (expected array of object)",
            'tree.kids[0].label: unknown parameter; expected only "value", "kids"',
            'tree.kids[0].items: unknown parameter; expected only "value", "kids"',
          ],
        ],
      ],
    });
  });

  test("flattens a destructured parameter into the arguments, with its defaults", () => {
    const tool = deriveOne(
      `@tool() f({ query, limit = 10, sort: order = "asc", since }: Search): void {}`,
      `interface Search { query: string; limit?: number; sort?: "asc" | "desc"; since?: Date }`,
    );
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        query: { type: "string" },
        limit: { type: "number", default: 10 },
        sort: { type: "string", enum: ["asc", "desc"], default: "asc" },
        since: { type: "string", format: "date-time" },
      },
      required: ["query"],
      additionalProperties: false,
    });
    expect(tool.params).toEqual([{ from: "arguments", revive: [{ path: ["since"], to: "date" }] }]);
    expectArguments(tool, { accepts: [{ query: "q" }], rejects: [[{ limit: 5 }, ["query: missing required parameter (expected string)"]]] });
  });

  test("leaves a Context parameter out of the schema and plans to inject it", () => {
    const tool = deriveOne(`@tool() f(ctx: Context, query: string, opts?: { deep: boolean }): void {}`, `import type { Context } from "typemcp";`);
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        query: { type: "string" },
        opts: { type: "object", properties: { deep: { type: "boolean" } }, required: ["deep"], additionalProperties: false },
      },
      required: ["query"],
      additionalProperties: false,
    });
    expect(tool.params).toEqual([{ from: "context" }, { from: "argument", name: "query" }, { from: "argument", name: "opts" }]);
    const destructured = deriveOne(`@tool() g({ query }: { query: string }, ctx?: Context): void {}`, `import type { Context } from "typemcp";`);
    expect(destructured.params).toEqual([{ from: "arguments" }, { from: "context" }]);
    expect(destructured.inputSchema.required).toEqual(["query"]);
  });

  test("drops a defaulted property from required even when its type requires it", () => {
    const tool = deriveOne(`@tool() f({ a, b = 2 }: { a: number; b: number }): void {}`);
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number", default: 2 } },
      required: ["a"],
      additionalProperties: false,
    });
  });

  test("rejects properties with no JSON form, naming the property path", () => {
    const errors = failOne(fixture(`@tool() f(options: { hooks: { onDone: () => void }; cache: Map<string, number>; id: bigint }): void {}`));
    expect(errors.map((e) => e.message)).toEqual(['Fixture.f: parameter "options": property "hooks.onDone": a function cannot be sent as JSON']);
    const more = failOne(fixture(`@tool() f(cache: { byKey: WeakMap<object, number> }, big: { n: bigint }): void {}`));
    expect(more.map((e) => e.message)).toEqual([
      'Fixture.f: parameter "cache": property "byKey": a `WeakMap` has no JSON form; use `Map<string, T>` or `Record<string, T>`',
      'Fixture.f: parameter "big": property "n": `bigint` has no JSON form; use `number` or a numeric `string`',
    ]);
  });

  test("fails the build on a schema a strict validator cannot compile, naming the parameter", () => {
    const errors = failOne(fixture(`@tool() f(/** @format colour */ tint: string): void {}`));
    expect(errors.map((e) => e.message)).toEqual([
      'Fixture.f: parameter "tint": its schema is not valid strict JSON Schema 2020-12: unknown format "colour" ignored in schema at path "#"',
    ]);
  });
});
