import { describe, expect, test } from "vitest";
import type { ElicitationSchema } from "./client-answers.js";
import { checkElicitationContent, describeField, parseFieldValue, withDefaults } from "./elicitation-form.js";

const BOOKING: ElicitationSchema = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1 },
    email: { type: "string", format: "email" },
    nights: { type: "integer", minimum: 1, maximum: 14, default: 1 },
    breakfast: { type: "boolean" },
    room: {
      type: "string",
      oneOf: [
        { const: "sgl", title: "Single" },
        { const: "dbl", title: "Double" },
      ],
    },
    extras: { type: "array", items: { type: "string", enum: ["cot", "parking", "late-checkout"] }, maxItems: 2 },
  },
  required: ["name", "room"],
};
const field = (name: string) => BOOKING.properties[name]!;

describe("describeField", () => {
  test("says what each kind of field takes", () => {
    expect(describeField(field("nights"))).toBe("a whole number from 1 to 14");
    expect(describeField(field("room"))).toBe("one of sgl (Single), dbl (Double)");
    expect(describeField(field("extras"))).toBe("any of cot, parking, late-checkout, comma-separated");
    expect(describeField(field("breakfast"))).toBe("yes or no");
    expect(describeField(field("email"))).toBe("an email address");
    expect(describeField(field("name"))).toBe("text, at least 1 character");
  });
});

describe("parseFieldValue", () => {
  test("types what a person typed by the field's schema", () => {
    expect(parseFieldValue(field("nights"), " 3 ")).toEqual({ value: 3 });
    expect(parseFieldValue(field("breakfast"), "Y")).toEqual({ value: true });
    expect(parseFieldValue(field("breakfast"), "no")).toEqual({ value: false });
    // An enum value by its value, its label or its position.
    expect(parseFieldValue(field("room"), "dbl")).toEqual({ value: "dbl" });
    expect(parseFieldValue(field("room"), "single")).toEqual({ value: "sgl" });
    expect(parseFieldValue(field("room"), "2")).toEqual({ value: "dbl" });
    expect(parseFieldValue(field("extras"), "cot, 2")).toEqual({ value: ["cot", "parking"] });
    expect(parseFieldValue(field("name"), "Ada Lovelace")).toEqual({ value: "Ada Lovelace" });
  });

  test("names the problem with a value that does not fit", () => {
    expect(parseFieldValue(field("nights"), "2.5")).toEqual({ problem: "must be a whole number from 1 to 14; got 2.5" });
    expect(parseFieldValue(field("nights"), "many")).toEqual({ problem: '"many" is not a whole number from 1 to 14' });
    expect(parseFieldValue(field("breakfast"), "maybe")).toEqual({ problem: '"maybe" is not yes or no' });
    expect(parseFieldValue(field("room"), "suite")).toEqual({ problem: '"suite" is not one of sgl (Single), dbl (Double)' });
    expect(parseFieldValue(field("extras"), "cot,parking,late-checkout")).toEqual({ problem: "pick at most 2" });
    expect(parseFieldValue(field("email"), "ada")).toEqual({ problem: 'must be an email address; got "ada"' });
  });
});

describe("checkElicitationContent", () => {
  test("accepts content that fits the form", () => {
    expect(checkElicitationContent(BOOKING, { name: "Ada", room: "sgl", nights: 2, breakfast: false, extras: ["cot"], email: "ada@example.com" })).toEqual([]);
  });

  test("lists every problem: missing, unknown, mistyped and out-of-bounds fields", () => {
    expect(checkElicitationContent(BOOKING, { nights: 0, breakfast: "yes", colour: "red", extras: ["spa"] })).toEqual([
      '"name" is required (text, at least 1 character)',
      '"room" is required (one of sgl (Single), dbl (Double))',
      '"nights": must be a whole number from 1 to 14; got 0',
      '"breakfast": must be true or false; got "yes"',
      '"colour" is not a field of this form (it has name, email, nights, breakfast, room, extras)',
      '"extras": spa is not among cot, parking, late-checkout',
    ]);
  });
});

describe("withDefaults", () => {
  test("fills in the defaults of the fields left out, and keeps what was given", () => {
    expect(withDefaults(BOOKING, { name: "Ada" })).toEqual({ name: "Ada", nights: 1 });
    expect(withDefaults(BOOKING, { nights: 5 })).toEqual({ nights: 5 });
  });
});
