import { describe, expect, test } from "vitest";
import { neutralised } from "./terminal-text.js";

describe("neutralised", () => {
  test("keeps tabs, newlines and a CRLF's line break; shows every other control character", () => {
    expect(neutralised("a\tb\r\nc\n")).toBe("a\tb\nc\n");
    expect(neutralised("\u001b[31mred\u0007\rback\u007f")).toBe("^[[31mred^G^Mback^?");
    expect(neutralised("\u009b2J \u202eevil \u2066x\u2069")).toBe("<U+009B>2J <U+202E>evil <U+2066>x<U+2069>");
  });

  test("leaves printable text of any script alone", () => {
    expect(neutralised("Grüße, 東京 — ✓ 🙂")).toBe("Grüße, 東京 — ✓ 🙂");
  });
});
