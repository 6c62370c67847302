import { describe, expect, test } from "vitest";
import { schemaToType } from "./schema-to-type.js";
import { toIdentifier, toToolDeclarations } from "./tool-declarations.js";

describe("schemaToType", () => {
  test("writes an object with required and optional properties and their descriptions", () => {
    const type = schemaToType({
      type: "object",
      properties: { town: { type: "string", description: "The town." }, limit: { type: "integer", default: 10 } },
      required: ["town"],
    });
    expect(type).toBe("{\n  /** The town. */\n  town: string;\n  /** @default 10 */\n  limit?: number;\n}");
  });

  test("writes enums and consts as literal unions, type lists and anyOf as unions, allOf as an intersection", () => {
    expect(schemaToType({ enum: ["a", "b", 3, null] })).toBe('"a" | "b" | 3 | null');
    expect(schemaToType({ const: "x" })).toBe('"x"');
    expect(schemaToType({ type: ["string", "null"] })).toBe("string | null");
    expect(schemaToType({ anyOf: [{ type: "number" }, { type: "array", items: { type: "string" } }] })).toBe("number | string[]");
    expect(schemaToType({ type: "array", items: { type: ["string", "number"] } })).toBe("(string | number)[]");
    expect(
      schemaToType({
        allOf: [
          { type: "object", properties: { a: { type: "number" } }, required: ["a"] },
          { type: "object", properties: { b: { type: "boolean" } } },
        ],
      }),
    ).toBe("{\n  a: number;\n} & {\n  b?: boolean;\n}");
  });

  test("writes tuples, maps, quoted keys, and references inlined, with a recursive one left unknown", () => {
    expect(schemaToType({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false })).toBe("[string, number]");
    expect(schemaToType({ type: "object", additionalProperties: { type: "number" } })).toBe("{\n  [key: string]: number;\n}");
    expect(schemaToType({ type: "object", properties: { "my-key": { type: "string" } }, required: ["my-key"] })).toBe('{\n  "my-key": string;\n}');
    expect(schemaToType({ type: "object", properties: { p: { $ref: "#/$defs/P" } }, required: ["p"], $defs: { P: { type: "string" } } })).toBe(
      "{\n  p: string;\n}",
    );
    const tree = { type: "object", properties: { children: { type: "array", items: { $ref: "#" } } } };
    expect(schemaToType(tree)).toBe("{\n  children?: unknown[];\n}");
  });
});

describe("toToolDeclarations", () => {
  test("makes names identifiers that take no reserved word or global a program needs", () => {
    expect(toIdentifier("get-sum")).toBe("get_sum");
    expect(toIdentifier("delete")).toBe("delete_");
    expect(toIdentifier("console")).toBe("console_");
    expect(toIdentifier("2fa")).toBe("_2fa");
  });

  test("declares one namespace per server and maps each function back to its tool", () => {
    const { text, bindings } = toToolDeclarations(
      [
        {
          name: "my-server",
          tools: [
            {
              name: "get-sum",
              description: "Sum.",
              inputSchema: { type: "object", properties: {} },
              outputSchema: { type: "object", properties: { s: { type: "number" } } },
            },
          ],
        },
      ],
      { style: "global" },
    );
    expect(text).toContain("declare namespace my_server {");
    expect(text).toContain("  function get_sum(args?: {}): Promise<{\n    s?: number;\n  }>;");
    expect(bindings).toEqual([
      { namespace: "my_server", method: "get_sum", server: "my-server", tool: "get-sum", qualifiedName: "my-server__get-sum", structured: true },
    ]);
  });
});
