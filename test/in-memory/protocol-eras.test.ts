import { describe, expect, test } from "vitest";
import { createServer } from "typemcp";
import { connect } from "typemcp/testing";
import { EraTools } from "../fixtures/src/era-tools.js";
import { RichTools } from "../fixtures/src/rich-tools.js";

// The same class, served to a 2025-11-25 client (requests to the client) and a 2026-07-28 one
// (input-required results and signed requestState): the author writes nothing era-specific.
for (const protocolVersion of ["2025-11-25", "2026-07-28"] as const) {
  describe(`asking the client, protocol ${protocolVersion}`, () => {
    const answers: string[] = [];
    const connectTo = (tools = new EraTools()) =>
      connect(createServer(tools, { name: "eras", version: "0.0.1" }), {
        protocolVersion,
        onElicit: (request) => {
          answers.push(request.message);
          return request.message.includes("colour") ? { action: "accept", content: { color: "green" } } : { action: "accept", content: { name: "Ada" } };
        },
        onSample: (request) => ({
          role: "assistant",
          model: "m",
          content: { type: "text", text: `re: ${(request.messages[0]!.content as { text: string }).text}` },
        }),
        roots: [{ uri: "file:///work", name: "work" }],
      });

    test("connects in that era", async () => {
      const client = await connectTo();
      expect(client.server.protocolVersion).toBe(protocolVersion);
      await client.close();
    });

    test("an elicitation round trip reaches the user and returns the answer", async () => {
      const client = await connectTo();
      answers.length = 0;
      expect(await client.call("askName")).toBe("Hello, Ada");
      expect(answers).toEqual(["What is your name?"]);
      await client.close();
    });

    test("two questions in a row each reach the user once", async () => {
      const tools = new EraTools();
      const client = await connectTo(tools);
      answers.length = 0;
      expect(await client.call("askTwice")).toBe("Ada likes green");
      expect(answers).toEqual(["Your name?", "Your favourite colour?"]);
      // 2026-07-28 runs the method again with the answers so far: once per round.
      expect(tools.runs).toBe(protocolVersion === "2026-07-28" ? 3 : 1);
      await client.close();
    });

    test("sampling and roots asked at once", async () => {
      const client = await connectTo();
      expect(await client.call("askAndList", { question: "hi?" })).toBe("re: hi? / file:///work");
      await client.close();
    });
  });
}

test("a 2026-07-28 client that declares no elicitation gets -32021 naming the capability", async () => {
  const client = await connect(createServer(new EraTools(), { name: "eras", version: "0.0.1" }), { protocolVersion: "2026-07-28" });
  await expect(client.call("askName")).rejects.toThrow(/-32021/);
  await client.close();
});

test("a 2025-11-25 client that declares no elicitation gets a tool error saying so", async () => {
  const client = await connect(createServer(new EraTools(), { name: "eras", version: "0.0.1" }));
  expect(await client.callError("askName")).toMatch(/did not declare the elicitation capability/);
  await client.close();
});

// What changes at run time reaches a client in either era: on its session (2025) or on its
// subscriptions/listen stream (2026, opened by typemcp/testing for what the server announces).
for (const protocolVersion of ["2025-11-25", "2026-07-28"] as const) {
  test(`list changes and resource updates reach a ${protocolVersion} client`, async () => {
    const tools = new RichTools();
    const server = createServer(tools, { name: "rich", version: "0.0.1" });
    const client = await connect(server, { protocolVersion });
    await client.subscribe("note://today");
    server.resourceUpdated("note://today");
    server.resourceUpdated("note://other");
    server.tools.disable("count");
    const arrived = async (method: string) => {
      await expect.poll(() => client.notifications.some((n) => n.method === method)).toBe(true);
      return client.notifications.filter((n) => n.method === method);
    };
    expect((await arrived("notifications/resources/updated")).map((n) => n.params?.uri)).toEqual(["note://today"]);
    expect(await arrived("notifications/tools/list_changed")).toHaveLength(1);
    expect((await client.listTools()).map((t) => t.name)).not.toContain("count");
    await client.close();
  });
}

// How long a 2026-07-28 client may keep a list: an hour by default, as the author sets it, or
// not at all (0: no cache hint, which the client reads as ttlMs 0).
test.each([
  [undefined, { ttlMs: 3_600_000, cacheScope: "public" }],
  [60_000, { ttlMs: 60_000, cacheScope: "public" }],
  [0, { ttlMs: 0, cacheScope: "private" }],
])("listTtlMs %j: a 2026-07-28 client may cache the lists for %j", async (listTtlMs, hint) => {
  const server = createServer(new RichTools(), { name: "rich", version: "0.0.1", ...(listTtlMs === undefined ? {} : { listTtlMs }) });
  const client = await connect(server, { protocolVersion: "2026-07-28" });
  expect(await client.request("tools/list")).toMatchObject(hint);
  expect(await client.request("prompts/list")).toMatchObject(hint);
  await client.close();
});

test("refuses a listTtlMs that is not a whole number of ms", () => {
  expect(() => createServer(new RichTools(), { name: "rich", version: "0.0.1", listTtlMs: -5 })).toThrow(
    "listTtlMs must be a whole number of milliseconds, 0 or more, not -5.",
  );
});
