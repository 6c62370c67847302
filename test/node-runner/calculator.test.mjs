// Run by Node's own test runner (`node --test`), not vitest: typemcp/testing needs neither, and
// tests the built calculator class in memory.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect } from "typemcp/testing";
import { Calculator } from "../../packages/calc-server/dist/calculator.js";

let client;
before(async () => {
  client = await connect(new Calculator());
});
after(() => client.close());

test("adds through a real MCP call", async () => {
  assert.equal(await client.call("add", { a: 2, b: 3 }), 5);
});

test("reports division by zero as the tool's error text", async () => {
  assert.equal(await client.callError("divide", { a: 1, b: 0 }), "Cannot divide by zero: b must be a non-zero number.");
});
