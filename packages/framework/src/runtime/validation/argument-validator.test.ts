import { describe, expect, test } from "vitest";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { ArgumentValidator } from "./argument-validator.js";

const place: JsonSchema = { type: "object", properties: { lat: { type: "number" } }, required: ["lat"], additionalProperties: false };

/** The input schema of `f(place: Place, tags: string[], note: string, either: string | Place, maybe: Place | null, tree: Tree)`. */
const schema: JsonSchema = {
  type: "object",
  properties: {
    place,
    tags: { type: "array", items: { type: "string" } },
    note: { type: "string" },
    either: { anyOf: [{ type: "string" }, place] },
    maybe: { ...place, type: ["object", "null"] },
    tree: { $ref: "#/$defs/Tree" },
  },
  additionalProperties: false,
  $defs: { Tree: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/Tree" } } }, additionalProperties: false } },
};

function check(args: Record<string, unknown>): { problems: string[]; args: Record<string, unknown> } {
  return { problems: new ArgumentValidator(schema).check(args), args };
}

describe("ArgumentValidator", () => {
  test("parses an object or array argument that a host sent as a JSON string", () => {
    const result = check({ place: '{"lat": 1.5}', tags: '["a","b"]', maybe: '{"lat":2}', tree: '{"kids":[]}' });
    expect(result.problems).toEqual([]);
    expect(result.args).toEqual({ place: { lat: 1.5 }, tags: ["a", "b"], maybe: { lat: 2 }, tree: { kids: [] } });
  });

  test("leaves a string alone where the schema takes strings", () => {
    const result = check({ note: '{"lat": 1}', either: '{"lat": 1}' });
    expect(result.problems).toEqual([]);
    expect(result.args).toEqual({ note: '{"lat": 1}', either: '{"lat": 1}' });
  });

  test("reports a string that is no JSON, or JSON of the wrong kind, as sent", () => {
    expect(check({ place: "{lat: 1}", tags: '{"a": 1}', maybe: "null" }).problems).toEqual([
      'place: expected object, got string "{lat: 1}"',
      'tags: expected array of string, got string "{\\"a\\": 1}"',
      'maybe: expected object or null, got string "null"',
    ]);
  });

  test("validates what it parsed like any other argument", () => {
    expect(check({ place: '{"lat": "north"}' }).problems).toEqual(['place.lat: expected number, got string "north"']);
  });

  test("parses only top-level arguments, never a string nested inside one", () => {
    expect(check({ tree: { kids: ['{"kids":[]}'] } }).problems).toEqual(['tree.kids[0]: expected object, got string "{\\"kids\\":[]}"']);
  });

  test("checks a schema against the meta-schema only when it comes from another server: a build has checked its own", () => {
    // A `title` must be a string; typemcp's build (whyNotStrict) refuses such a schema before it ships.
    const broken = { type: "object", properties: { n: { type: "number", title: 7 } } } as unknown as JsonSchema;
    expect(new ArgumentValidator(broken).check({ n: 5 })).toEqual([]);
    expect(() => new ArgumentValidator(broken, "foreign").check({ n: 5 })).toThrow(/schema is invalid: data\/properties\/n\/title must be string/);
  });
});
