import { describe, expect, test } from "vitest";
import { BuildError } from "../../errors/build-error.js";
import { toElicitArguments } from "./elicit-arguments.js";

describe("toElicitArguments", () => {
  const schema = { type: "object", properties: { confirm: { type: "boolean" } } };

  test("takes a schema as written by hand or by the build, with the options after it", () => {
    expect(toElicitArguments(schema, { key: "k" })).toEqual({ requestedSchema: schema, options: { key: "k" } });
    expect(toElicitArguments(schema, undefined)).toEqual({ requestedSchema: schema, options: {} });
  });

  test("refuses ctx.elicit<T>(message) that typemcp build never saw, saying to run it", () => {
    for (const [schemaOrOptions, options] of [
      [undefined, undefined],
      [{ key: "k" }, undefined],
    ] as const) {
      let thrown: unknown;
      try {
        toElicitArguments(schemaOrOptions, options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(BuildError);
      expect((thrown as BuildError).code).toBe("NOT_BUILT");
      expect((thrown as BuildError).message).toMatch(/^ctx\.elicit<T>\(message\) carries no schema: .*compile this server with `typemcp build`/);
    }
  });
});
