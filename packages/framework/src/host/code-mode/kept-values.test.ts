import { describe, expect, test } from "vitest";
import { KEPT_LIMITS, KeptValues } from "./kept-values.js";

describe("KeptValues", () => {
  test("keeps data and functions under their names, declares each with a type read from it, and lists them", () => {
    const kept = new KeptValues();
    expect(kept.keep("lyon", { value: [{ id: 6, name: "Customer 6", tags: ["retail"], owner: null }] })).toBeUndefined();
    expect(kept.keep("byCity", { source: "(records, city) => records.filter((r) => r.city === city)" })).toBeUndefined();
    expect(kept.declarations()).toBe(
      "/** What earlier programs of this session kept with codemode.keep. */\ndeclare const kept: {\n  readonly lyon: { id: number; name: string; tags: string[]; owner: null }[];\n  readonly byCity: (...args: any[]) => any;\n};\n",
    );
    expect(kept.entries()).toEqual({
      lyon: { value: [{ id: 6, name: "Customer 6", tags: ["retail"], owner: null }] },
      byCity: { source: "(records, city) => records.filter((r) => r.city === city)" },
    });
    expect(kept.list()).toBe("lyon (61 bytes), byCity (function)");
    expect(kept.takeChanged()).toBe(true);
    expect(kept.takeChanged()).toBe(false);
    expect(kept.keep("lyon", undefined)).toBeUndefined();
    expect(kept.list()).toBe("byCity (function)");
    expect(kept.takeChanged()).toBe(true);
  });

  test("refuses a name a program cannot read back, and what is past its bounds, saying which", () => {
    const kept = new KeptValues();
    expect(kept.keep("my list", { value: 1 })).toBe(
      'codemode.keep: "my list" is not a name a program can read back as kept.my list; use letters, digits and _.',
    );
    expect(kept.keep("big", { value: "x".repeat(KEPT_LIMITS.bytesEach) })).toBe(
      `codemode.keep: big is ${KEPT_LIMITS.bytesEach + 2} bytes; one kept value may have ${KEPT_LIMITS.bytesEach}.`,
    );
    for (let i = 0; i < 4; i++) expect(kept.keep(`part${i}`, { value: "x".repeat(KEPT_LIMITS.bytesEach - 10) })).toBeUndefined();
    expect(kept.keep("part4", { value: "x".repeat(100) })).toMatch(
      /^codemode\.keep: keeping part4 would make 1048\d{3} bytes kept; a session keeps 1048576\. Forget something first\.$/,
    );
    for (let i = 4; i < KEPT_LIMITS.names; i++) expect(kept.keep(`n${i}`, { value: i })).toBeUndefined();
    expect(kept.keep("one_more", { value: 1 })).toMatch(/^codemode\.keep: 20 names are kept already \(part0 \(262,136 bytes\), .*\); forget one first/);
    // Keeping a name again replaces it, within the bounds.
    expect(kept.keep("n4", { value: "again" })).toBeUndefined();
    expect(kept.entries().n4).toEqual({ value: "again" });
  });
});
