import { describe, expect, test } from "vitest";
import { TypemcpError } from "../../errors/typemcp-error.js";
import { assertAlgorithms, DEFAULT_ALGORITHMS } from "./jwt-verifier.js";

describe("assertAlgorithms", () => {
  test("accepts the asymmetric defaults", () => {
    expect(() => assertAlgorithms(DEFAULT_ALGORITHMS)).not.toThrow();
  });

  test.each([[["none"]], [["RS256", "HS256"]], [["hs512"]], [[]]])("refuses %j, with which anyone could make a token", (algorithms) => {
    expect(() => assertAlgorithms(algorithms)).toThrow(TypemcpError);
  });
});
