import { describe, expect, test } from "vitest";
import { connect } from "typemcp/testing";
import { CorpusTools } from "../fixtures/src/corpus-tools.js";
import { textOf } from "../support/stdio-client.js";

// Each kind of signature real servers declare, called right and wrong, in both eras: the same
// list, the same answers, the same refusals.
const RIGHT: ReadonlyArray<readonly [string, Record<string, unknown>, unknown]> = [
  ["listIssues", {}, { items: [{ id: "I-1" }, { id: "I-2" }], nextCursor: "2" }],
  ["listIssues", { cursor: "2" }, { items: [{ id: "I-3" }] }],
  ["getIssue", { id: "I-2" }, { result: { id: "I-2", assignee: "ada" } }],
  ["getIssue", { id: "I-9" }, { result: null }],
  ["updateIssue", { id: "I-1", patch: { state: "closed" } }, { id: "I-1", state: "closed", title: "Crash on start" }],
  ["createIssue", { issue: { title: "Docs", state: "open", labels: ["docs"], assignee: "bo" } }, { id: "I-4" }],
  // A bare string result: its text alone, no structured content.
  ["apply", { change: { kind: "move", path: "a.txt", to: [1, 2] } }, "a.txt → (1, 2)"],
  ["labelWorkload", { labels: { app: "web", tier: "front", "team.example.com/owner": "ops" }, replicas: 2 }, { count: 5 }],
  ["storeDocument", { document: { a: [1, { b: null }] } }, { kind: "object" }],
  ["upload", { name: "f.bin", data: "AQID" }, { name: "f.bin", size: 3, head: "AQI=" }],
  [
    "bounds",
    {
      corners: [
        [0, 0],
        [3, 4],
      ],
    },
    { width: 3, height: 4 },
  ],
];

const WRONG: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
  ["listIssues", { limit: 1.5 }, "limit: expected integer, got number 1.5"],
  ["updateIssue", { id: "I-1", patch: { labels: [] } }, 'patch.labels: unknown parameter; expected only "title", "state", "assignee"'],
  ["createIssue", { issue: { title: "Docs", state: "open", labels: [] } }, "issue.assignee: missing required"],
  ["apply", { change: { kind: "move", path: "a", to: [1] } }, "change.to"],
  ["labelWorkload", { labels: { app: "web", tier: "t", owner: "ops" }, replicas: 1 }, "labels.owner: unknown parameter"],
  ["upload", { name: "f", data: "not base64!" }, "data: expected bytes as base64 text"],
  ["bounds", { corners: [[0, 0]] }, "corners: expected"],
];

const lists: Record<string, unknown> = {};

for (const protocolVersion of ["2025-11-25", "2026-07-28"] as const) {
  describe(`the corpus, protocol ${protocolVersion}`, () => {
    test("lists the same tools in both eras", async () => {
      const client = await connect(new CorpusTools(), { protocolVersion });
      lists[protocolVersion] = await client.listTools();
      expect((lists[protocolVersion] as unknown[]).length).toBe(9);
      if (lists["2025-11-25"] && lists["2026-07-28"]) expect(lists["2026-07-28"]).toEqual(lists["2025-11-25"]);
      await client.close();
    });

    test.each(RIGHT)("%s answers a right call", async (name, args, expected) => {
      const client = await connect(new CorpusTools(), { protocolVersion });
      const result = await client.callResult(name, args);
      expect(result.isError, textOf(result)).toBeFalsy();
      if (typeof expected === "string") {
        expect(result.structuredContent).toBeUndefined();
        expect(textOf(result)).toBe(expected);
      } else expect(result.structuredContent).toMatchObject(expected as object);
      await client.close();
    });

    test.each(WRONG)("%s refuses a wrong call, naming what was wrong", async (name, args, words) => {
      const client = await connect(new CorpusTools(), { protocolVersion });
      const result = await client.callResult(name, args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(words);
      await client.close();
    });
  });
}
