import { describe, expect, test } from "vitest";
import { connect } from "typemcp/testing";
import { WireValueTools } from "../fixtures/src/wire-values.js";
import { textOf } from "../support/stdio-client.js";

// A returned value becomes wire data in one place, from the output schema the build wrote:
// both eras must receive the same plain data, and a model sees only public data members.
for (const protocolVersion of ["2025-11-25", "2026-07-28"] as const) {
  describe(`results as wire data, protocol ${protocolVersion}`, () => {
    test("a class instance arrives as its public fields", async () => {
      const client = await connect(new WireValueTools(), { protocolVersion });
      const result = await client.callResult("origin", {});
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ x: 1, y: 2 });
      await client.close();
    });

    test("#private, private and protected members and getters are neither listed nor sent", async () => {
      const client = await connect(new WireValueTools(), { protocolVersion });
      const listed = (await client.listTools()).find((t) => t.name === "account");
      expect(listed?.outputSchema).toEqual({
        type: "object",
        properties: { id: { type: "string" }, name: { type: "string" } },
        required: ["id", "name"],
        additionalProperties: false,
        description: "An account, with members a caller must never see.",
      });
      const result = await client.callResult("account", {});
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ id: "a-1", name: "Ada" });
      expect(JSON.stringify(result.content)).not.toMatch(/secret|created/);
      await client.close();
    });

    test("class instances nested in arrays and unions arrive as plain data", async () => {
      const client = await connect(new WireValueTools(), { protocolVersion });
      const result = await client.callResult("route", {});
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({
        from: { x: 0, y: 0 },
        stops: [
          { x: 1, y: 1 },
          { x: 2, y: 3 },
        ],
        owner: { id: "a-2", name: "Grace" },
      });
      await client.close();
    });

    test("a Date beside a template string is revived only when the text is a date-time", async () => {
      const client = await connect(new WireValueTools(), { protocolVersion });
      expect((await client.callResult("since", { createdAt: "2024-05-01T12:00:00Z" })).structuredContent).toEqual({
        kind: "Date",
        value: "2024-05-01T12:00:00.000Z",
      });
      expect((await client.callResult("since", { createdAt: "-P7D" })).structuredContent).toEqual({ kind: "string", value: "-P7D" });
      expect((await client.callResult("since", {})).structuredContent).toEqual({ kind: "absent", value: "" });
      await client.close();
    });

    test("Sets, Maps, URLs and Ints arrive as declared in unions, optional and nested places", async () => {
      const client = await connect(new WireValueTools(), { protocolVersion });
      const args = { scores: { ann: 2 }, nested: { byDay: { mon: ["2024-01-01T00:00:00Z"] }, ids: [[1, 2]] }, tags: ["a"], home: "https://example.com/x" };
      expect((await client.callResult("gather", args)).structuredContent).toEqual({
        scores: "Map 2",
        byDay: "Map of Dates",
        ids: "Set 1,2",
        tags: "Set 1",
        home: "URL example.com",
      });
      const plain = await client.callResult("gather", { scores: {}, nested: { ids: [] }, tags: null, home: "none" });
      expect(plain.structuredContent).toMatchObject({ tags: "null", home: "none" });
      await client.close();
    });

    test("Dates, Sets, Maps and URLs in a result arrive in their JSON form", async () => {
      const client = await connect(new WireValueTools(), { protocolVersion });
      expect((await client.callResult("values", {})).structuredContent).toEqual({
        at: "1970-01-01T00:00:00.000Z",
        tags: ["a", "b"],
        counts: { x: 1 },
        site: "https://example.com/a",
        at2: null,
      });
      await client.close();
    });

    test("template-literal keys, the empty object and upper-case templates are checked as tsc checks them", async () => {
      const client = await connect(new WireValueTools(), { protocolVersion });
      const listed = (await client.listTools()).find((t) => t.name === "label");
      expect(listed?.inputSchema.properties).toMatchObject({
        headers: { type: "object", patternProperties: { "^x-[\\s\\S]*$": { type: "string" } }, additionalProperties: false },
        options: { type: "object", additionalProperties: false },
        method: { type: "string", enum: ["GET", "POST", "DELETE"] },
      });
      const args = { labels: { "app.kubernetes.io/name": "web" }, headers: { "x-api-key": "k" }, options: {}, ticket: "ENG-123" };
      expect((await client.callResult("label", args)).structuredContent).toEqual({ keys: ["app.kubernetes.io/name", "x-api-key", "ENG-123", ""] });
      const wrong = await client.callResult("label", { ...args, headers: { api: "k" }, options: { a: 1 }, ticket: "eng-123" });
      expect(wrong.isError).toBe(true);
      expect(textOf(wrong)).toContain("headers.api: unknown parameter; expected keys matching /^x-[\\s\\S]*$/");
      expect(textOf(wrong)).toContain("options.a: unknown parameter");
      expect(textOf(wrong)).toContain("ticket: ");
      await client.close();
    });
  });
}
