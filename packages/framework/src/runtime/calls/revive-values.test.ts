import { describe, expect, test } from "vitest";
import { reviveValues } from "./revive-values.js";

describe("reviveValues", () => {
  test("turns a whole ISO string into a Date", () => {
    const value = reviveValues("2024-05-01T12:00:00Z", "date");
    expect(value).toBeInstanceOf(Date);
    expect((value as Date).toISOString()).toBe("2024-05-01T12:00:00.000Z");
  });

  test("revives Dates inside objects, array elements, record values and tuple slots", () => {
    const input = { stops: [{ eta: "2024-01-01T00:00:00Z" }], byName: { a: "2024-01-02T00:00:00Z" }, pair: ["2024-01-03T00:00:00Z", 1] };
    const revived = reviveValues(input, [
      { path: ["stops", null, "eta"], to: "date" },
      { path: ["byName", null], to: "date" },
      { path: ["pair", "0"], to: "date" },
    ]) as { stops: Array<{ eta: unknown }>; byName: Record<string, unknown>; pair: unknown[] };
    expect(revived.stops[0]!.eta).toEqual(new Date("2024-01-01T00:00:00Z"));
    expect(revived.byName.a).toEqual(new Date("2024-01-02T00:00:00Z"));
    expect(revived.pair).toEqual([new Date("2024-01-03T00:00:00Z"), 1]);
    expect(input.stops[0]!.eta).toBe("2024-01-01T00:00:00Z");
  });

  test("builds Sets after reviving their elements", () => {
    const revived = reviveValues({ days: ["2024-01-01T00:00:00Z"] }, [
      { path: ["days", null], to: "date" },
      { path: ["days"], to: "set" },
    ]) as { days: Set<Date> };
    expect(revived.days).toBeInstanceOf(Set);
    expect([...revived.days]).toEqual([new Date("2024-01-01T00:00:00Z")]);
  });

  test("leaves absent and null parts as they are", () => {
    expect(reviveValues({ trip: null }, [{ path: ["trip", "at"], to: "date" }])).toEqual({ trip: null });
    expect(reviveValues({}, [{ path: ["at"], to: "date" }])).toEqual({});
    expect(reviveValues(null, "date")).toBeNull();
  });

  test("turns base64 text into a Uint8Array or a Buffer and text into a URL", () => {
    const revived = reviveValues({ data: "AQID", file: "aGk=", site: "https://example.com/x" }, [
      { path: ["data"], to: "bytes" },
      { path: ["file"], to: "buffer" },
      { path: ["site"], to: "url" },
    ]) as { data: Uint8Array; file: Buffer; site: URL };
    expect(revived.data.constructor).toBe(Uint8Array);
    expect([...revived.data]).toEqual([1, 2, 3]);
    expect(Buffer.isBuffer(revived.file) && revived.file.toString()).toBe("hi");
    expect(revived.site).toEqual(new URL("https://example.com/x"));
  });

  test("applies a recursive type's own list at every depth through ref steps", () => {
    const list = [
      { path: ["at"], to: "date" },
      { path: ["kids", null], to: "ref", ref: "Node" },
    ] as const;
    const tree = { at: "2024-01-01T00:00:00Z", kids: [{ at: "2024-01-02T00:00:00Z", kids: [{ at: "2024-01-03T00:00:00Z", kids: [] }] }] };
    const revived = reviveValues(tree, list, { Node: list }) as { kids: Array<{ kids: Array<{ at: unknown }> }> };
    expect(revived.kids[0]!.kids[0]!.at).toEqual(new Date("2024-01-03T00:00:00Z"));
  });
});
