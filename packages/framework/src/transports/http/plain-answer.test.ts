import { describe, expect, test } from "vitest";
import { toResponse } from "./plain-answer.js";

describe("toResponse", () => {
  test("streams a body in parts, making each part only when the reader asks for it", async () => {
    const made: number[] = [];
    function* parts() {
      for (let i = 0; i < 3; i++) {
        made.push(i);
        yield `part ${i} é;`;
      }
    }
    const response = toResponse({ status: 200, headers: { "content-type": "application/json" }, body: { parts: parts() } });
    expect(made).toEqual([]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe("part 0 é;part 1 é;part 2 é;");
    expect(made).toEqual([0, 1, 2]);
  });
});
