import { describe, expect, test } from "vitest";
import { CALC_SERVER } from "./support/paths.js";
import { connectToServer, textOf } from "./support/stdio-client.js";

// The built calculator as a host starts it: what only the process shows (its entry's name and
// title, stdio framing, a clean stderr). Every tool's behaviour is tested in memory, in both
// decorator modes, by packages/calc-server/src/calculator.test.ts.
describe("calc server as a process over stdio", () => {
  test("introduces itself, lists its tools, answers a call and a tool error, and writes nothing to stderr", async () => {
    const session = await connectToServer(CALC_SERVER);
    try {
      expect(session.client.getServerVersion()).toMatchObject({ name: "calc", version: "1.0.0", title: "Calculator" });
      expect(session.client.getInstructions()).toMatch(/^Arithmetic tools\./);
      const { tools } = await session.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["add", "subtract", "multiply", "divide", "power", "sqrt"]);
      const sum = await session.client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
      expect(sum.structuredContent).toEqual({ result: 5 });
      const failed = await session.client.callTool({ name: "divide", arguments: { a: 1, b: 0 } });
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toBe("Cannot divide by zero: b must be a non-zero number.");
      expect(session.stderr()).toBe("");
    } finally {
      await session.close();
    }
  });
});
