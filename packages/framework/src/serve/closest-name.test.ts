import { describe, expect, test } from "vitest";
import { closestName } from "./closest-name.js";

describe("closestName", () => {
  test.each([
    ["--htpp", ["--http", "--stdio", "--port"], "--http"],
    ["biuld", ["build", "dev", "list"], "build"],
    ["--ULR", ["--url", "--json"], "--url"],
    ["sever.ts", ["server.ts", "tools.ts"], "server.ts"],
  ])("finds %s's nearest known name", (name, known, nearest) => {
    expect(closestName(name, known)).toBe(nearest);
  });

  test("finds nothing when every known name is further than a third of its letters", () => {
    expect(closestName("frobnicate", ["build", "dev", "list"])).toBeUndefined();
    expect(closestName("--x", [])).toBeUndefined();
  });
});
