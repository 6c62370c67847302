import { afterEach, describe, expect, test } from "vitest";
import { createServer, type Middleware, type Timing } from "typemcp";
import { maskErrors, timing } from "typemcp/middleware";
import { connect, type McpCallResult, type TestClient } from "typemcp/testing";
import { GuardedTaskTools, ran } from "../fixtures/src/task-middleware-tools.js";

// A tool's middleware (onToolCall: its own @use, the class's, the server's) wraps the tool's run
// however the client calls it: in its request, or as a task (run in the background, or begun in
// the request and carried on as one). A client that asks for a task gets past no policy, limit
// or mask that a plain call meets.

const open: TestClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  ran.length = 0;
});

async function client(use: Middleware[], protocolVersion: "2025-11-25" | "2026-07-28" = "2025-11-25"): Promise<TestClient> {
  const connected = await connect(createServer(new GuardedTaskTools(), { name: "task-middleware", version: "0.0.1", use }), { protocolVersion });
  open.push(connected);
  return connected;
}

const textOf = (result: McpCallResult) => (result.content ?? []).map((part) => ("text" in part ? part.text : "")).join("");

describe.each(["2025-11-25", "2026-07-28"] as const)("a task's run, %s", (era) => {
  test("goes through the tool's own middleware: its policy refuses, the method never runs", async () => {
    const c = await client([], era);
    const refused = await c.taskResult((await c.startTask("archive", { text: "secret" })).taskId);
    expect(refused).toMatchObject({ isError: true });
    expect(textOf(refused)).toBe("Refused by policy.");
    const archived = await c.taskResult((await c.startTask("archive", { text: "notes" })).taskId);
    expect(textOf(archived)).toBe("archived notes");
    expect(ran).toEqual(["archive notes"]);
  });

  test("has its unexpected error masked by maskErrors(), as a call in its request has", async () => {
    const c = await client([maskErrors({ log: () => undefined })], era);
    const outcome = await c.taskResult((await c.startTask("explode")).taskId).then(
      (result) => textOf(result),
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/Internal error \(reference [0-9a-f-]{36}\)\./);
    expect(outcome).not.toContain("ECONNREFUSED");
  });

  test("counts against the tool's rateLimit(): the third task in the window fails with RATE_LIMITED", async () => {
    const c = await client([], era);
    for (let n = 0; n < 2; n++) expect(textOf(await c.taskResult((await c.startTask("scarce")).taskId))).toBe("granted");
    await expect(c.taskResult((await c.startTask("scarce")).taskId)).rejects.toMatchObject({
      code: -32000,
      message: expect.stringMatching(/Rate limit reached: at most 2 calls of scarce per 60 s/),
    });
  });

  test("is timed by timing() as a tool call", async () => {
    const timings: Timing[] = [];
    const c = await client([timing({ report: (t) => timings.push(t) })], era);
    await c.taskResult((await c.startTask("archive", { text: "notes" })).taskId);
    expect(timings.filter((t) => t.method === "tools/call").map(({ target, outcome }) => ({ target, outcome }))).toEqual([
      { target: "archive", outcome: "ok" },
    ]);
  });
});

describe("a call begun in its request and carried on as a task (2026-07-28, startAfterMs)", () => {
  test("goes through the tool's own middleware in its request", async () => {
    const c = await client([], "2026-07-28");
    // Quick enough to be answered in its request: startTask says so, with the answer.
    await expect(c.startTask("archiveSoon", { text: "secret" })).rejects.toThrow(/answered at once instead of starting a task: .*Refused by policy\./);
    await expect(c.startTask("archiveSoon", { text: "notes" })).rejects.toThrow(/answered at once instead of starting a task: .*archived notes/);
    expect(ran).toEqual(["archiveSoon notes"]);
  });
});
