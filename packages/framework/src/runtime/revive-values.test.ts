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
});
