import { describe, expect, test } from "vitest";
import type { OpenApiDocument, SchemaObject } from "./openapi-document.js";
import { createTypeContext, toBodyTypeText, toTypeText, type TypeContext } from "./schema-to-type.js";

const document: OpenApiDocument = {
  openapi: "3.1.0",
  components: {
    schemas: {
      Genre: { type: "string", enum: ["fiction", "history"] },
      Book: { type: "object", required: ["title"], properties: { id: { type: "string", readOnly: true }, title: { type: "string" } } },
      Node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/components/schemas/Node" } } } },
    },
  },
};
const names = new Map([
  ["Genre", "Genre"],
  ["Book", "Book"],
  ["Node", "TreeNode"],
]);

function typeOf(schema: SchemaObject, setup: (context: TypeContext) => void = () => {}): { text: string; context: TypeContext; warnings: string[] } {
  const warnings: string[] = [];
  const context = createTypeContext(document, names, (w) => warnings.push(w));
  setup(context);
  return { text: toTypeText(schema, context), context, warnings };
}

describe("toTypeText", () => {
  test.each<[string, SchemaObject, string]>([
    ["a string", { type: "string" }, "string"],
    ["an integer, as typemcp's Int", { type: "integer", format: "int64" }, "Int"],
    ["a string enum", { type: "string", enum: ["a", "b"] }, '"a" | "b"'],
    ["a number enum with null", { enum: [1, 2, null] }, "1 | 2 | null"],
    ["a const", { const: "v1" }, '"v1"'],
    ["3.0's nullable", { type: "string", nullable: true }, "string | null"],
    ["3.1's type array", { type: ["integer", "null"] }, "Int | null"],
    ["a type array of two types", { type: ["string", "number"] }, "string | number"],
    ["an array of a union", { type: "array", items: { oneOf: [{ type: "string" }, { type: "number" }] } }, "(string | number)[]"],
    ["nested arrays", { type: "array", items: { type: "array", items: { type: "boolean" } } }, "boolean[][]"],
    ["anyOf as a union", { anyOf: [{ $ref: "#/components/schemas/Genre" }, { type: "null" }] }, "Genre | null"],
    ["allOf as an intersection", { allOf: [{ $ref: "#/components/schemas/Book" }, { $ref: "#/components/schemas/Node" }] }, "Book & TreeNode"],
    ["a map of strings", { type: "object", additionalProperties: { type: "string" } }, "Record<string, string>"],
    ["an object with nothing said", { type: "object" }, "Record<string, unknown>"],
    ["a schema with nothing said", {}, "unknown"],
    ["a nullable reference", { $ref: "#/components/schemas/Genre", nullable: true }, "Genre | null"],
  ])("writes %s", (_, schema, text) => {
    expect(typeOf(schema).text).toBe(text);
  });

  test("writes an object's properties with their descriptions and constraints as JSDoc, optional ones with ?", () => {
    const { text } = typeOf({
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string", description: "Who it is", minLength: 1, maxLength: 80 },
        "e-mail": { type: "string", format: "email" },
        age: { type: "integer", minimum: 0, exclusiveMaximum: 150, default: 30 },
      },
    });
    expect(text).toBe(
      [
        "{",
        "  /** Who it is. @minLength 1 @maxLength 80 */",
        "  name: string;",
        "  /** @format email */",
        '  "e-mail"?: string;',
        "  /** @minimum 0 @exclusiveMaximum 150 @default 30 */",
        "  age?: Int;",
        "}",
      ].join("\n"),
    );
  });

  test("reads 3.0's boolean exclusiveMinimum beside minimum as 3.1's number", () => {
    const { text } = typeOf({ type: "object", properties: { r: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 9 } } });
    expect(text).toBe("{\n  /** @exclusiveMinimum 0 @maximum 9 */\n  r?: number;\n}");
  });

  test("keeps a component by its name and records it, a cycle included", () => {
    const { text, context } = typeOf({ $ref: "#/components/schemas/Node" });
    expect(text).toBe("TreeNode");
    expect([...context.referenced]).toEqual(["Node"]);
  });

  test("leaves readOnly properties out of what is sent, writeOnly ones out of what comes back", () => {
    const schema: SchemaObject = {
      type: "object",
      properties: { id: { type: "string", readOnly: true }, secret: { type: "string", writeOnly: true } },
    };
    expect(typeOf(schema, (c) => (c.direction = "input")).text).toBe("{\n  secret?: string;\n}");
    expect(typeOf(schema, (c) => (c.direction = "output")).text).toBe("{\n  id?: string;\n}");
  });

  test("types a $ref outside the document, or into itself, as unknown and says so", () => {
    const { text, warnings } = typeOf({ $ref: "other.yaml#/Pet" });
    expect(text).toBe("unknown");
    expect(warnings).toEqual(["$ref other.yaml#/Pet points outside the document or at nothing; it is typed unknown"]);
  });

  test("leaves out a format or a pattern the build's strict check would refuse", () => {
    const { text } = typeOf({ type: "object", properties: { file: { type: "string", format: "binary", pattern: "(" } } });
    expect(text).toBe("{\n  file?: string;\n}");
  });
});

describe("toBodyTypeText", () => {
  test("omits a component's readOnly properties from a request body", () => {
    const context = createTypeContext(document, names, () => {});
    expect(toBodyTypeText({ $ref: "#/components/schemas/Book" }, context, "")).toBe('Omit<Book, "id">');
    expect(toBodyTypeText({ $ref: "#/components/schemas/Genre" }, context, "")).toBe("Genre");
  });
});
