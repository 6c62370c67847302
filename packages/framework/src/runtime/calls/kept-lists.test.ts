import { describe, expect, test } from "vitest";
import type { AuthInfo } from "../identity/auth-info.js";
import { KeptLists } from "./kept-lists.js";

const token = (...scopes: string[]): AuthInfo => ({ subject: "u", clientId: "c", scopes, claims: {}, expiresAt: undefined });

describe("KeptLists", () => {
  test("answers an unchanged list's view with the same object, made once", () => {
    const kept = new KeptLists(() => false);
    const from = [{ name: "a" }];
    let made = 0;
    const make = () => ({ tools: from, made: ++made });
    const first = kept.answer(from, "2025-11-25", undefined, false, make);
    expect(kept.answer(from, "2025-11-25", token("x"), false, make)).toBe(first);
    expect(made).toBe(1);
  });

  test("makes a new answer once the list changes", () => {
    const kept = new KeptLists(() => false);
    const first = kept.answer([1], "2025-11-25", undefined, false, () => ({ n: 1 }));
    expect(kept.answer([1], "2025-11-25", undefined, false, () => ({ n: 2 }))).not.toBe(first);
  });

  test("keeps one answer per era, view support and set of scopes", () => {
    const kept = new KeptLists(() => true);
    const from = [1];
    let made = 0;
    const make = () => ({ made: ++made });
    const plain = kept.answer(from, "2025-11-25", undefined, false, make);
    expect(kept.answer(from, "2026-07-28", undefined, false, make)).not.toBe(plain);
    expect(kept.answer(from, "2025-11-25", undefined, true, make)).not.toBe(plain);
    const reader = kept.answer(from, "2025-11-25", token("read", "write"), false, make);
    expect(reader).not.toBe(plain);
    expect(kept.answer(from, "2025-11-25", token("write", "read", "read"), false, make)).toBe(reader);
    expect(kept.answer(from, "2025-11-25", token("read"), false, make)).not.toBe(reader);
    expect(made).toBe(5);
  });

  test("keeps at most 64 views", () => {
    const kept = new KeptLists(() => true);
    const from = [1];
    const first = kept.answer(from, "2025-11-25", token("s0"), false, () => ({}));
    for (let i = 1; i <= 64; i++) kept.answer(from, "2025-11-25", token(`s${i}`), false, () => ({}));
    expect(kept.answer(from, "2025-11-25", token("s0"), false, () => ({}))).not.toBe(first);
  });
});
