import { describe, expect, test } from "vitest";
import { connect } from "typemcp/testing";
import { WireValueTools } from "../fixtures/src/wire-values.js";

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
  });
}
