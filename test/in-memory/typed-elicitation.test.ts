import { describe, expect, test } from "vitest";
import { createServer } from "typemcp";
import { connect } from "typemcp/testing";
import { TypedElicitTools } from "../fixtures/src/typed-elicit-tools.js";

// `ctx.elicit<T>(message)` with no schema: the one typemcp/vite compiled these fixtures with
// (the build's own derivation) wrote T's schema into the call, in either protocol era.
for (const protocolVersion of ["2025-11-25", "2026-07-28"] as const) {
  describe(`ctx.elicit<T>(message), protocol ${protocolVersion}`, () => {
    const connectAnswering = (content: Record<string, unknown>) => {
      const asked: Array<{ message: string; requestedSchema?: Record<string, unknown> }> = [];
      const client = connect(createServer(new TypedElicitTools(), { name: "typed-elicit", version: "0.0.1" }), {
        protocolVersion,
        onElicit: (request) => {
          asked.push(request);
          return { action: "accept", content };
        },
      });
      return { client, asked };
    };

    test("the client sees the schema derived from T, and the tool gets the typed answer", async () => {
      const { client: connecting, asked } = connectAnswering({ name: "Ada", guests: 2, meal: "veg" });
      const client = await connecting;
      expect(await client.call("register")).toBe("Ada + 2 guest(s), veg");
      // (2026-07-28 adds `mode: "form"` to the request.)
      expect(asked.map(({ message, requestedSchema }) => ({ message, requestedSchema }))).toEqual([
        {
          message: "Register for the event",
          requestedSchema: {
            type: "object",
            properties: {
              name: { type: "string", description: "Your name, as printed on the badge.", minLength: 2 },
              guests: { type: "integer", description: "How many guests you bring.", minimum: 0, maximum: 4 },
              meal: { type: "string", enum: ["fish", "veg"], description: "Your meal." },
            },
            required: ["name", "guests"],
          },
        },
      ]);
      await client.close();
    });

    test("a helper in a file without decorators gets its schema too, its options kept", async () => {
      const { client: connecting, asked } = connectAnswering({ confirm: true });
      const client = await connecting;
      expect(await client.call("wipe")).toBe("wiped");
      expect(asked.map((a) => a.requestedSchema)).toEqual([
        { type: "object", properties: { confirm: { type: "boolean", description: "Whether to go ahead." } }, required: ["confirm"] },
      ]);
      await client.close();
    });
  });
}
