import { describe, expect, test } from "vitest";
import type { McpTool } from "../mcp-tool.js";
import { CodeModeCatalog } from "./code-mode-tools.js";

const obj = (properties: Record<string, unknown>) => ({ type: "object", properties, required: Object.keys(properties) });
const text = { type: "string" };
const RECORD = obj({ id: { type: "integer" }, name: text, email: text, city: text, owner: text, phone: text, street: text, notes: text });
const CRM: McpTool[] = [
  {
    name: "list_records",
    description: "List every customer record: id, name, city. Sorted by id.",
    inputSchema: obj({}),
    outputSchema: obj({ records: { type: "array", items: RECORD } }),
  },
  { name: "get_record", description: "Get one customer record by id.", inputSchema: obj({ id: { type: "integer" } }), outputSchema: RECORD },
  { name: "add_note", description: "Append a note to a customer record.", inputSchema: obj({ id: { type: "integer" }, text: { type: "string" } }) },
];
const MAIL: McpTool[] = [
  { name: "send_email", description: "Send an email message.", inputSchema: obj({ to: { type: "string" } }) },
  { name: "read_message", description: "Read one message.", inputSchema: obj({ id: { type: "string" } }) },
];
const catalog = new CodeModeCatalog([
  { name: "crm", tools: CRM },
  { name: "mail", tools: MAIL },
]);

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

  test("a server named codemode does not take the global programs find tools with", () => {
    expect(Object.keys(new CodeModeCatalog([{ name: "codemode", tools: CRM }]).namespaces())).toEqual(["codemode_"]);
  });
});

describe("CodeModeCatalog", () => {
  test("offers the model one tool, whose description indexes each server on a line (namespace, its most used words) until a program has searched the tools, and is a few words after", () => {
    const fresh = new CodeModeCatalog([
      { name: "crm", tools: CRM },
      { name: "mail", tools: MAIL },
    ]);
    const [run, ...others] = fresh.definitions();
    expect(others).toEqual([]);
    expect(run!.name).toBe("run_program");
    expect(run!.description).toContain("namespace:\ncrm: customer, record\nmail: message\nPrint await codemode.search(");
    expect(run!.description).not.toContain("get_record");
    fresh.discover({ op: "search", query: "add note", limit: 1 });
    const [later] = fresh.definitions();
    expect(later!.description).toBe("Runs TypeScript; returns its logs. Tools: codemode.search('what it does'), codemode.describe('ns.fn' or 'codemode').");
    expect(later!.inputSchema).toEqual(run!.inputSchema);
  });

  test("search answers one-line signatures with nested result objects folded, unless outputs are asked for", () => {
    expect(catalog.discover({ op: "search", query: "list customer records", limit: 1 })).toBe(
      "crm.list_records(): Promise<{records: {…}[]}> // List every customer record: id, name, city.",
    );
    expect(catalog.discover({ op: "search", query: "list customer records", limit: 1, outputs: true })).toContain(
      "Promise<{records: {id: number; name: string; email: string; city: string; owner: string; phone: string; street: string; notes: string}[]}>",
    );
  });

  test("search names a long result's properties without their types, and tells a query that matches nothing the index", () => {
    expect(catalog.discover({ op: "search", query: "get record", limit: 1 })).toBe(
      "crm.get_record({id: number}): Promise<{id; name; email; city; owner; phone; street; notes}> // Get one customer record by id.",
    );
    expect(catalog.discover({ op: "search", query: "weather" })).toBe('No tool matches "weather". Namespaces:\ncrm: customer, record\nmail: message');
  });

  test("search says once what a tool without an output schema resolves to, the first time an answer has one", () => {
    const fresh = new CodeModeCatalog([{ name: "crm", tools: CRM }]);
    expect(fresh.discover({ op: "search", query: "add note", limit: 1 }).split("\n")).toEqual([
      "crm.add_note({id: number; text: string}): Promise<CallToolResult> // Append a note to a customer record.",
      "type CallToolResult = {content: {type: string; text?: string}[]; isError?: boolean}",
    ]);
    expect(fresh.discover({ op: "search", query: "add note", limit: 1 })).toBe(
      "crm.add_note({id: number; text: string}): Promise<CallToolResult> // Append a note to a customer record.",
    );
  });

  test("describe answers the full declarations of the tools and namespaces named, and says which names it does not know", () => {
    const text = catalog.discover({ op: "describe", names: ["crm.add_note", "mail", "billing"] });
    expect(text).toContain("declare namespace crm {\n  /**\n   * Append a note to a customer record.");
    expect(text).toContain("function send_email(args: {");
    expect(text).toContain("function read_message(args: {");
    expect(text).not.toContain("get_record");
    expect(text.endsWith("// Not found: billing. Namespaces: crm, mail.\n")).toBe(true);
  });

  test("describe('codemode') answers the declarations of codemode itself, where keep and show are told, and no tool's", () => {
    const text = catalog.discover({ op: "describe", names: ["codemode"] });
    expect(text).toContain("declare namespace codemode {");
    expect(text).toContain("function keep(name: string, value: unknown): Promise<void>;");
    expect(text).not.toContain("declare namespace crm");
  });

  test("declares codemode beside the tools for the type check", () => {
    const declarations = catalog.programDeclarations();
    expect(declarations).toContain("declare namespace crm {");
    expect(declarations).toContain("declare namespace codemode {\n");
    expect(declarations).toContain("function search(query: string, options?: { limit?: number; outputs?: boolean }): Promise<string>;");
  });
});
