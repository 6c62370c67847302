import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connect, type TestClient } from "typemcp/testing";
import { TypedTools } from "../fixtures/src/typed-tools.js";
import { textOf } from "../support/stdio-client.js";

// The typed fixture's tools report the JavaScript types their arguments arrived as, so these
// tests see, through real JSON-RPC, that each method received a value of its declared type.
describe("schema fidelity end to end", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect(new TypedTools());
  });
  afterAll(() => client.close());

  const call = (name: string, args: Record<string, unknown>) => client.callResult(name, args);

  test("lists schemas with integers, records, sets and discriminated unions as derived", async () => {
    const tools = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.page?.inputSchema).toEqual({
      type: "object",
      properties: {
        page: { type: "integer", description: "Which page, from 1." },
        size: { type: "integer", description: "Items per page.", default: 10 },
      },
      required: ["page"],
      additionalProperties: false,
    });
    expect(byName.tally?.inputSchema.properties).toEqual({
      scores: { type: "object", additionalProperties: { type: "number" } },
      tags: { type: "array", items: { type: "string" }, uniqueItems: true },
      // Two Dates of one instant are two members of a Set: no unique items are promised.
      days: { type: "array", items: { type: "string", format: "date-time" } },
    });
    expect((byName.area?.inputSchema.properties?.shape as { oneOf?: unknown[] }).oneOf).toHaveLength(2);
    expect(byName.nickname?.outputSchema).toEqual({
      type: "object",
      properties: { result: { type: ["string", "null"] } },
      required: ["result"],
      additionalProperties: false,
      description: "The nickname, or null when there is none.",
    });
  });

  test("hands the method Date instances, at the top level and nested in arrays", async () => {
    const result = await call("schedule", { at: "2024-05-01T12:00:00Z", trip: { stops: [{ name: "a", eta: "2024-05-01T13:00:00Z" }] } });
    expect(result.structuredContent).toEqual({ atIsDate: true, atIso: "2024-05-01T12:00:00.000Z", etasAreDates: true });
  });

  test("hands the method a number for an Int and rejects a fraction before it runs", async () => {
    expect((await call("page", { page: 3 })).structuredContent).toEqual({ typeofPage: "number", offset: 20 });
    const rejected = await call("page", { page: 1.5 });
    expect(rejected.isError).toBe(true);
    expect(textOf(rejected)).toBe('Invalid arguments for tool "page":\n- page: expected integer, got number 1.5');
  });

  test("hands the method a record, a Set and a Set of Dates", async () => {
    const result = await call("tally", { scores: { ann: 2, bob: 3 }, tags: ["x", "y"], days: ["2024-01-01T00:00:00Z"] });
    expect(result.structuredContent).toEqual({ total: 5, tagsIsSet: true, daysAreDates: true });
    const duplicate = await call("tally", { scores: {}, tags: ["x", "x"], days: [] });
    expect(textOf(duplicate)).toBe('Invalid arguments for tool "tally":\n- tags: expected unique items, but [0] and [1] are equal');
  });

  test("checks a discriminated union and names the discriminant a wrong call missed", async () => {
    expect((await call("area", { shape: { kind: "square", side: 3 } })).structuredContent).toEqual({ result: 9 });
    const wrong = await call("area", { shape: { kind: "hexagon", side: 3 } });
    expect(textOf(wrong)).toBe('Invalid arguments for tool "area":\n- shape.kind: expected one of "circle", "square", got string "hexagon"');
  });

  test("parses an object or array argument a host sent as a JSON string", async () => {
    const result = await call("locate", { place: '{"lat": 1, "lon": 2}', path: "[[0, 0], [1, 1]]" });
    expect(result.structuredContent).toEqual({ placeIsObject: true, points: 2 });
  });

  test("takes a destructured parameter's properties as the arguments, applying its defaults", async () => {
    expect((await call("search", { query: "q" })).structuredContent).toEqual({ query: "q", limit: 10, order: "newest" });
    // One rule for parameters and properties: a default is filled in where the call leaves it out.
    expect((await call("listing", { page: {} })).structuredContent).toEqual({ keys: ["limit"], limit: 20, pages: 3 });
    expect((await call("listing", { page: { limit: 5, cursor: "c" }, pages: 1 })).structuredContent).toEqual({ keys: ["limit", "cursor"], limit: 5, pages: 1 });
    const tools = await client.listTools();
    expect(tools.find((t) => t.name === "search")?.inputSchema).toEqual({
      type: "object",
      properties: {
        query: { type: "string" },
        limit: { type: "integer", default: 10 },
        order: { type: "string", enum: ["newest", "oldest"], default: "newest" },
      },
      required: ["query"],
      additionalProperties: false,
    });
  });

  test("keeps a recursive type as a $ref into $defs under its plain name", async () => {
    const tools = await client.listTools();
    const schema = tools.find((t) => t.name === "count")?.inputSchema as Record<string, unknown>;
    expect(schema.properties).toEqual({ outline: { $ref: "#/$defs/Outline", description: "A heading and the headings under it." } });
    expect(Object.keys(schema.$defs as object)).toEqual(["Outline"]);
    const tree = {
      title: "a",
      children: [
        { title: "b", children: [] },
        { title: "c", children: [] },
      ],
    };
    expect((await call("count", { outline: tree })).structuredContent).toEqual({ result: 3 });
  });

  test("sends a missing result as null, which the output schema allows", async () => {
    expect((await call("nickname", { name: null })).structuredContent).toEqual({ result: null });
    expect((await call("nickname", { name: "Robert" })).structuredContent).toEqual({ result: "Bob" });
  });
});
