import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { connectToServer, textOf } from "./support/stdio-client.js";
import { readTownsCsv, TOWNS_CSV, TOWNS_SERVER } from "./support/towns-csv.js";

// The built towns server as a host starts it: what only the process shows (its entry's name,
// title and instructions, the CSV found next to the bundle, TOWNS_CSV, start-up failures on
// stderr with exit status 1). The tools, resource and prompt are tested in memory, in both
// decorator modes, by packages/towns-server/src/town-tools.test.ts.
describe("towns server as a process over stdio", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "towns-csv-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("introduces itself, serves the CSV it ships with, reads a resource and fills a prompt", async () => {
    const session = await connectToServer(TOWNS_SERVER);
    try {
      expect(session.client.getServerVersion()).toMatchObject({ name: "towns", version: "0.1.0", title: "Massachusetts towns" });
      expect(session.client.getInstructions()).toMatch(/^Figures for the 351 Massachusetts cities and towns/);
      expect((await session.client.listTools()).tools).toHaveLength(7);
      const winchester = readTownsCsv().find((r) => r.name === "Winchester")!;
      const housing = await session.client.callTool({ name: "get_housing", arguments: { town: "winchester" } });
      expect(housing.structuredContent).toMatchObject({
        town: "Winchester",
        avgSingleFamilyAssessedValue: { value: Number(winchester.avg_single_family_value) },
      });
      const { contents } = await session.client.readResource({ uri: "town://Winchester" });
      expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(
        (await session.client.callTool({ name: "get_town", arguments: { town: "Winchester" } })).structuredContent,
      );
      const prompt = await session.client.getPrompt({ name: "compare_for_family", arguments: { towns: "Concord, Boston" } });
      expect(prompt.messages).toHaveLength(1);
      expect(session.stderr()).toBe("");
    } finally {
      await session.close();
    }
  });

  test("starts without its shipped CSV; a broken one fails each call that needs it, naming line and column, and the rest is served", async () => {
    // The server as installed, with a malformed row in the CSV it ships with (read on first use).
    const copy = path.join(dir, "installed");
    fs.cpSync(path.dirname(TOWNS_SERVER), path.join(copy, "dist"), { recursive: true });
    fs.mkdirSync(path.join(copy, "data"));
    const file = path.join(copy, "data", "ma_towns.csv");
    const { text, line } = withBadRating();
    fs.writeFileSync(file, text);
    const session = await connectToServer(path.join(copy, "dist", "towns.js"));
    try {
      expect((await session.client.listTools()).tools).toHaveLength(7);
      expect(session.stderr()).toBe("");
      const problem = `${file}, line ${line}, column 7 ("school_rating"): expected a whole-number rating from 1 to 10, or an empty cell, got "ten"`;
      for (const town of ["Winchester", "Concord"]) {
        const result = await session.client.callTool({ name: "get_housing", arguments: { town } });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain(problem);
      }
      await expect(session.client.readResource({ uri: "town://Winchester" })).rejects.toThrow();
      // Reported once to whoever runs the server, however many calls fail on it.
      expect(session.stderr().split(`towns-server: cannot load the towns data: ${problem}\n`)).toHaveLength(2);
      expect(session.client.getServerVersion()).toMatchObject({ name: "towns" });
    } finally {
      await session.close();
    }
  });

  test("refuses to start on a malformed TOWNS_CSV, naming file, line and column, and the variable", () => {
    const { text, line } = withBadRating();
    const file = path.join(dir, "bad-value.csv");
    fs.writeFileSync(file, text);
    const run = spawnSync(process.execPath, [TOWNS_SERVER], {
      cwd: os.tmpdir(),
      env: { ...process.env, TOWNS_CSV: file },
      input: "",
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `towns-server: cannot start: ${file}, line ${line}, column 7 ("school_rating"): expected a whole-number rating from 1 to 10, or an empty cell, got "ten"\n` +
        "towns-server: that file was named by TOWNS_CSV; unset it to use the data the server ships with.\n",
    );
  });
});

// The shipped CSV with Winchester's school rating written "ten": the text, and the line of that row.
function withBadRating(): { text: string; line: number } {
  const [header, ...lines] = fs.readFileSync(TOWNS_CSV, "utf8").trim().split("\n");
  const at = lines.findIndex((l) => l.startsWith("Winchester,"));
  lines[at] = lines[at]!.replace(/^((?:[^,]*,){6})\d+,/, "$1ten,");
  return { text: [header, ...lines].join("\n"), line: at + 2 };
}
