import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connect, type TestClient } from "typemcp/testing";
import type { McpCallResult } from "typemcp/testing";
import { numberOrNull, readTownsCsv, TOWNS_CSV, type CsvRow } from "./__fixtures__/towns-csv.js";
import { loadTowns } from "./load-towns.js";
import { TownIndex } from "./town-index.js";
import { TownTools } from "./town-tools.js";

// The towns server's tools, resource and prompt in memory, through typemcp/testing, checked
// against the shipped CSV read independently of the server's parser. vitest runs this file in
// both decorator modes (see vitest.config.ts); test/towns-server.test.ts starts the built server
// once as a process.
const rows = readTownsCsv();
const row = (name: string): CsvRow => rows.find((r) => r.name === name)!;

/** The text of a tool result's first content block. */
function textOf(result: McpCallResult): string {
  const first = result.content?.[0];
  if (first?.type !== "text" || first.text === undefined) throw new Error(`expected a text block, got ${JSON.stringify(result)}`);
  return first.text;
}

describe("TownTools on the shipped CSV", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect(new TownTools(new TownIndex(loadTowns(TOWNS_CSV))));
  });
  afterAll(() => client.close());

  /** Calls a tool; `structured` is its structuredContent, loosely typed for reading figures. */
  async function call(name: string, args: Record<string, unknown>) {
    const result = await client.callResult(name, args);
    return { ...result, isError: result.isError === true, structured: result.structuredContent as Record<string, any> };
  }

  test("lists its seven read-only tools, each with an output schema", async () => {
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["get_housing", "get_schools", "get_safety", "get_distance_to_boston", "get_town", "find_towns", "compare_towns"]);
    for (const tool of tools) {
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    }
  });

  test("describes the housing figure as an FY2017 assessed value, not a sale price", async () => {
    const tools = await client.listTools();
    const housing = tools.find((t) => t.name === "get_housing")!;
    expect(housing.description).toMatch(/^Get a Massachusetts town's average single-family home value as assessed for property tax in fiscal year 2017/);
    expect(housing.description).toContain("not a sale price or a market median");
    expect(housing.inputSchema).toEqual({
      type: "object",
      properties: { town: { type: "string", maxLength: 100, description: expect.stringContaining("spelled as people write it") } },
      required: ["town"],
      additionalProperties: false,
    });
  });

  test("returns Winchester's assessed value as in the CSV, with definition, year and source", async () => {
    const result = await call("get_housing", { town: "winchester" });
    expect(result.isError).toBeFalsy();
    expect(result.structured).toEqual({
      town: "Winchester",
      county: row("Winchester").county,
      avgSingleFamilyAssessedValue: {
        value: Number(row("Winchester").avg_single_family_value),
        note: null,
        unit: "US dollars",
        year: "fiscal year 2017 (assessed as of January 1, 2016)",
        source: "Massachusetts Department of Revenue, Division of Local Services: Average Single Family Tax Bill report",
        definition: expect.stringContaining("An assessed value, not a sale price or a market median."),
      },
    });
    expect(JSON.parse(textOf(result))).toEqual(result.structured);
  });

  test("returns Winchester's school rating, crime rate and distance as in the CSV", async () => {
    const winchester = row("Winchester");
    const schools = await call("get_schools", { town: "Winchester" });
    expect(schools.structured.schoolRating).toMatchObject({ value: Number(winchester.school_rating), year: "2017 school year", note: null });
    const safety = await call("get_safety", { town: "Winchester" });
    expect(safety.structured.crimesPer1000).toMatchObject({ value: Number(winchester.crimes_per_1000), year: "2019", note: null });
    expect(safety.structured.crimesPer1000.source).toContain("FBI");
    const distance = await call("get_distance_to_boston", { town: "Winchester" });
    expect(distance.structured.distanceToBostonMiles).toMatchObject({ value: Number(winchester.distance_to_boston_mi), unit: "miles" });
    expect(distance.structured.distanceToBostonMiles.definition).toContain("Not driving distance");
  });

  test("returns Winchester's whole profile as in the CSV", async () => {
    const w = row("Winchester");
    const { structured } = await call("get_town", { town: "WINCHESTER" });
    expect(structured).toMatchObject({
      ...identityOf(w),
    });
    const values = Object.fromEntries(
      Object.entries(structured)
        .filter(([, v]) => typeof v === "object")
        .map(([k, v]) => [k, v.value]),
    );
    expect(values).toEqual({
      population: Number(w.population),
      housingUnits: Number(w.housing_units),
      landAreaSqMi: Number(w.land_area_sqmi),
      waterAreaSqMi: Number(w.water_area_sqmi),
      avgSingleFamilyAssessedValue: Number(w.avg_single_family_value),
      schoolRating: Number(w.school_rating),
      crimesPer1000: Number(w.crimes_per_1000),
      distanceToBostonMiles: Number(w.distance_to_boston_mi),
    });
  });

  test("returns null, never 0, with a note, for Boston's missing home value and crime rate", async () => {
    expect(row("Boston").avg_single_family_value).toBe("");
    expect(row("Boston").crimes_per_1000).toBe("");
    const housing = await call("get_housing", { town: "Boston" });
    expect(housing.structured.avgSingleFamilyAssessedValue).toMatchObject({
      value: null,
      note: "Boston grants the residential exemption, and the Department of Revenue publishes no average single-family value for towns that do.",
    });
    const safety = await call("get_safety", { town: "boston" });
    expect(safety.structured.crimesPer1000.value).toBeNull();
    expect(safety.structured.crimesPer1000.note).toMatch(/^The FBI published no 2019 property-crime total for Boston \(Table 8, footnote 4\)/);
  });

  test("returns null with a note for a town served by a regional school district", async () => {
    expect(row("Concord").school_rating).toBe("");
    const { structured } = await call("get_schools", { town: "Concord" });
    expect(structured.schoolRating.value).toBeNull();
    expect(structured.schoolRating.note).toContain("regional district");
  });

  test.each([
    ["Manchester by the Sea", "Manchester-by-the-Sea"],
    ["manchester-by-the-sea", "Manchester-by-the-Sea"],
    ["Town of Agawam", "Agawam"],
    ["Barnstable Town city", "Barnstable"],
    ["city of boston", "Boston"],
    ["North Attleboro", "North Attleborough"],
  ])("finds %j as %s", async (typed, name) => {
    const { structured } = await call("get_distance_to_boston", { town: typed });
    expect(structured.town).toBe(name);
    expect(structured.distanceToBostonMiles.value).toBe(Number(row(name).distance_to_boston_mi));
  });

  test("suggests the closest town for a typo, as a tool error the model can act on", async () => {
    const result = await call("get_housing", { town: "Winchster" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("No town named 'Winchster'. Did you mean Winchester?");
  });

  test("suggests up to three close towns", async () => {
    const result = await call("get_town", { town: "Worchester" });
    expect(textOf(result)).toBe("No town named 'Worchester'. Did you mean Worcester, Rochester or Winchester?");
  });

  test("says how to find a name when none is close", async () => {
    const result = await call("get_schools", { town: "Gotham" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "No town named 'Gotham'. Use the name of one of the 351 Massachusetts cities and towns, e.g. 'Winchester' or 'Manchester-by-the-Sea'; find_towns lists them by county.",
    );
  });

  test("finds towns under $600k assessed, rated 8+, within 25 miles, nearest first, as computed from the CSV", async () => {
    const { structured } = await call("find_towns", {
      maxAvgSingleFamilyAssessedValue: 600_000,
      minSchoolRating: 8,
      maxDistanceToBostonMiles: 25,
      limit: 351,
    });
    const filters = [
      (r: CsvRow) => numberOrNull(r.avg_single_family_value),
      (r: CsvRow) => numberOrNull(r.school_rating),
      (r: CsvRow) => numberOrNull(r.distance_to_boston_mi),
    ];
    const passes = [(v: number) => v <= 600_000, (v: number) => v >= 8, (v: number) => v <= 25];
    const expected = rows
      .filter((r) => filters.every((read, i) => read(r) !== null && passes[i]!(read(r)!)))
      .sort((a, b) => Number(a.distance_to_boston_mi) - Number(b.distance_to_boston_mi) || a.name.localeCompare(b.name, "en"));
    expect(expected.length).toBeGreaterThan(5);
    expect(structured.matchCount).toBe(expected.length);
    expect(structured).toMatchObject({ sortedBy: "distanceToBostonMiles", order: "ascending" });
    expect(structured.towns.map((t: { town: string }) => t.town)).toEqual(expected.map((r) => r.name));
    expect(structured.towns[0]).toEqual({
      town: expected[0]!.name,
      county: expected[0]!.county,
      population: Number(expected[0]!.population),
      avgSingleFamilyAssessedValue: Number(expected[0]!.avg_single_family_value),
      schoolRating: Number(expected[0]!.school_rating),
      crimesPer1000: numberOrNull(expected[0]!.crimes_per_1000),
      distanceToBostonMiles: Number(expected[0]!.distance_to_boston_mi),
      missing: expected[0]!.crimes_per_1000 === "" ? [expect.objectContaining({ figure: "crimesPer1000" })] : [],
    });

    // Towns that pass every filter they have a value for, but lack a filtered figure.
    const excluded = { avgSingleFamilyAssessedValue: 0, schoolRating: 0 };
    for (const r of rows) {
      const failsAny = filters.some((read, i) => read(r) !== null && !passes[i]!(read(r)!));
      if (failsAny) continue;
      if (r.avg_single_family_value === "") excluded.avgSingleFamilyAssessedValue++;
      if (r.school_rating === "") excluded.schoolRating++;
    }
    expect(excluded.schoolRating).toBeGreaterThan(0);
    expect(new Map(structured.excludedForMissingData.map((e: { figure: string; towns: number }) => [e.figure, e.towns]))).toEqual(
      new Map(Object.entries(excluded).filter(([, count]) => count > 0)),
    );
    expect(structured.figures.find((f: { figure: string }) => f.figure === "avgSingleFamilyAssessedValue")).toMatchObject({
      year: "fiscal year 2017 (assessed as of January 1, 2016)",
      unit: "US dollars",
    });
  });

  test("sorts Middlesex towns by assessed value, highest first, and stops at the limit", async () => {
    const { structured } = await call("find_towns", { county: "Middlesex", sortBy: "avgSingleFamilyAssessedValue", order: "descending", limit: 5 });
    const middlesex = rows.filter((r) => r.county === "Middlesex");
    const expected = middlesex
      .filter((r) => r.avg_single_family_value !== "")
      .sort((a, b) => Number(b.avg_single_family_value) - Number(a.avg_single_family_value))
      .slice(0, 5);
    expect(structured.matchCount).toBe(middlesex.length);
    expect(structured.towns.map((t: { town: string; avgSingleFamilyAssessedValue: number }) => [t.town, t.avgSingleFamilyAssessedValue])).toEqual(
      expected.map((r) => [r.name, Number(r.avg_single_family_value)]),
    );
  });

  test("sorts by school rating best first by default, ties by name, unrated towns last", async () => {
    const { structured } = await call("find_towns", { sortBy: "schoolRating", limit: 351 });
    const rated = rows
      .filter((r) => r.school_rating !== "")
      .sort((a, b) => Number(b.school_rating) - Number(a.school_rating) || a.name.localeCompare(b.name, "en"));
    const unrated = rows.filter((r) => r.school_rating === "").sort((a, b) => a.name.localeCompare(b.name, "en"));
    expect(structured.order).toBe("descending");
    expect(structured.towns.map((t: { town: string }) => t.town)).toEqual([...rated, ...unrated].map((r) => r.name));
  });

  test("keeps only Norfolk towns at or under 5 crimes per 1,000, safest first", async () => {
    const { structured } = await call("find_towns", { county: "Norfolk", maxCrimesPer1000: 5, sortBy: "crimesPer1000" });
    const expected = rows
      .filter((r) => r.county === "Norfolk" && r.crimes_per_1000 !== "" && Number(r.crimes_per_1000) <= 5)
      .sort((a, b) => Number(a.crimes_per_1000) - Number(b.crimes_per_1000) || a.name.localeCompare(b.name, "en"));
    const noRate = rows.filter((r) => r.county === "Norfolk" && r.crimes_per_1000 === "").length;
    expect(structured.towns.map((t: { town: string }) => t.town)).toEqual(expected.slice(0, 10).map((r) => r.name));
    expect(structured.matchCount).toBe(expected.length);
    expect(structured.excludedForMissingData).toEqual(noRate ? [{ figure: "crimesPer1000", towns: noRate }] : []);
  });

  test("rejects a school rating above 10 before running the search", async () => {
    const result = await call("find_towns", { minSchoolRating: 11 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Invalid arguments for tool "find_towns":\n- minSchoolRating: /);
  });

  test("compares towns side by side, in the order asked, with the CSV's figures", async () => {
    const { structured } = await call("compare_towns", { towns: ["winchester", "Boston", "Concord"] });
    expect(structured.towns).toHaveLength(3);
    for (const [i, name] of ["Winchester", "Boston", "Concord"].entries()) {
      const r = row(name);
      expect(structured.towns[i]).toMatchObject({
        town: name,
        population: Number(r.population),
        avgSingleFamilyAssessedValue: numberOrNull(r.avg_single_family_value),
        schoolRating: numberOrNull(r.school_rating),
        crimesPer1000: numberOrNull(r.crimes_per_1000),
        distanceToBostonMiles: Number(r.distance_to_boston_mi),
      });
    }
    expect(structured.towns[1].missing.map((m: { figure: string }) => m.figure)).toEqual(["avgSingleFamilyAssessedValue", "crimesPer1000"]);
    expect(structured.figures.map((f: { figure: string }) => f.figure)).toContain("crimesPer1000");
  });

  test("names every unknown town in a comparison", async () => {
    const result = await call("compare_towns", { towns: ["Winchster", "Boston", "Bostn Town"] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("No town named 'Winchster'. Did you mean Winchester?\nNo town named 'Bostn Town'. Did you mean Boston?");
  });

  describe("town://{name} resource", () => {
    /** Reads `uri`; its one contents entry, with the JSON text parsed. */
    async function read(uri: string) {
      const contents = await client.readResource(uri);
      expect(contents).toHaveLength(1);
      const [entry] = contents as Array<{ uri: string; mimeType?: string; text: string }>;
      return { ...entry!, json: JSON.parse(entry!.text) as Record<string, any> };
    }

    test("is listed as a template with its JSDoc, JSON type and completions, beside no static resources", async () => {
      expect(client.server.capabilities).toMatchObject({ resources: {}, prompts: {}, completions: {} });
      expect(await client.listResourceTemplates()).toEqual([
        {
          uriTemplate: "town://{name}",
          name: "town",
          title: "Town profile",
          description: expect.stringMatching(
            /^A Massachusetts town's whole profile as JSON, the same as get_town returns: .* e\.g\. town:\/\/Winchester or town:\/\/Manchester-by-the-Sea\.$/,
          ),
          mimeType: "application/json",
        },
      ]);
      expect(await client.listResources()).toEqual([]);
    });

    test("reads Winchester's whole profile as JSON, as in the CSV and as get_town returns it", async () => {
      const w = row("Winchester");
      const entry = await read("town://Winchester");
      expect(entry).toMatchObject({ uri: "town://Winchester", mimeType: "application/json" });
      expect(entry.json).toMatchObject({
        ...identityOf(w),
        population: { value: Number(w.population) },
        housingUnits: { value: Number(w.housing_units) },
        landAreaSqMi: { value: Number(w.land_area_sqmi) },
        waterAreaSqMi: { value: Number(w.water_area_sqmi) },
        avgSingleFamilyAssessedValue: { value: Number(w.avg_single_family_value), note: null, year: "fiscal year 2017 (assessed as of January 1, 2016)" },
        schoolRating: { value: Number(w.school_rating) },
        crimesPer1000: { value: Number(w.crimes_per_1000) },
        distanceToBostonMiles: { value: Number(w.distance_to_boston_mi), unit: "miles" },
      });
      expect(entry.json).toEqual((await call("get_town", { town: "Winchester" })).structured);
    });

    test("reads a town by any common spelling, percent-encoded, keeping nulls and their notes", async () => {
      const manchester = await read("town://manchester%20by%20the%20sea");
      expect(manchester.uri).toBe("town://manchester%20by%20the%20sea");
      expect(manchester.json).toMatchObject({
        town: "Manchester-by-the-Sea",
        distanceToBostonMiles: { value: Number(row("Manchester-by-the-Sea").distance_to_boston_mi) },
      });
      const boston = await read("town://Boston");
      expect(row("Boston").crimes_per_1000).toBe("");
      expect(boston.json.crimesPer1000.value).toBeNull();
      expect(boston.json.crimesPer1000.note).toMatch(/^The FBI published no 2019 property-crime total for Boston/);
    });

    test("answers an unknown town with the spec's resource-not-found error and the closest names", async () => {
      await expect(client.readResource("town://Winchster")).rejects.toThrow("MCP error -32602: No town named 'Winchster'. Did you mean Winchester?");
      await expect(client.readResource("town://Gotham")).rejects.toThrow(
        /^MCP error -32602: No town named 'Gotham'\. Use the name of one of the 351 Massachusetts cities and towns/,
      );
    });

    test("completes town names from the typed prefix, in any case, A-Z, at most 20", async () => {
      const complete = async (value: string) => (await client.complete({ resource: "town://{name}" }, "name", value)).values;
      const namesFromCsv = (prefix: string) =>
        rows
          .map((r) => r.name)
          .filter((name) => name.toLowerCase().startsWith(prefix))
          .sort((a, b) => a.localeCompare(b, "en"));
      expect(namesFromCsv("win").length).toBeGreaterThan(1);
      expect(await complete("WIN")).toEqual(namesFromCsv("win"));
      expect(await complete("manchester by")).toEqual(["Manchester-by-the-Sea"]);
      expect(await complete("")).toEqual(namesFromCsv("").slice(0, 20));
      expect(await complete("Gotham")).toEqual([]);
      const everything = await client.complete({ resource: "town://{name}" }, "name", "");
      expect(everything).toMatchObject({ total: 351, hasMore: true });
    });
  });

  describe("compare_for_family prompt", () => {
    test("is listed with its towns and optional priorities, described for the person choosing it", async () => {
      expect(await client.listPrompts()).toEqual([
        {
          name: "compare_for_family",
          title: "Compare towns for a family",
          description: expect.stringMatching(/^Compare Massachusetts towns for a family deciding where to live: /),
          arguments: [
            { name: "towns", description: 'The towns to compare, separated by commas, e.g. "Winchester, Arlington, Lexington" (2 to 20).', required: true },
            {
              name: "priorities",
              description: expect.stringMatching(/^What matters most to the family, in their own words, most important first/),
              required: false,
            },
          ],
        },
      ]);
    });

    test("renders both arguments into one user message, with the towns as the data names them", async () => {
      const result = await client.getPrompt("compare_for_family", {
        towns: "winchester, ARLINGTON and town of lexington",
        priorities: "schools, then safety; a budget around $900k",
      });
      expect(result.messages).toHaveLength(1);
      expect(result.messages[0]).toMatchObject({ role: "user", content: { type: "text" } });
      const text = (result.messages[0]!.content as { text: string }).text;
      expect(text.split("\n")[0]).toBe(
        "A family is deciding where to live in Massachusetts and wants Winchester, Arlington and Lexington compared. " +
          'What matters most to them, in their words, most important first: "schools, then safety; a budget around $900k".',
      );
      expect(text).toContain('compare_towns with ["Winchester","Arlington","Lexington"]');
      expect(text).toContain("not a sale price");
    });

    test("renders without priorities by weighing every figure evenly", async () => {
      const result = await client.getPrompt("compare_for_family", { towns: "Concord, Boston" });
      const text = (result.messages[0]!.content as { text: string }).text;
      expect(text.split("\n")[0]).toBe(
        "A family is deciding where to live in Massachusetts and wants Concord and Boston compared. " +
          "They have not said what matters most: weigh schools, safety, price and distance to Boston evenly, and end by asking which matters most to them.",
      );
    });

    test("refuses to render without towns, naming the argument", async () => {
      await expect(client.getPrompt("compare_for_family", { priorities: "schools" })).rejects.toThrow(
        'MCP error -32602: Prompt "compare_for_family" is missing required argument "towns".',
      );
    });

    test("refuses unknown towns with the closest names, and a single town", async () => {
      await expect(client.getPrompt("compare_for_family", { towns: "Winchster, Bostn" })).rejects.toThrow(
        "No town named 'Winchster'. Did you mean Winchester?\nNo town named 'Bostn'. Did you mean Boston?",
      );
      await expect(client.getPrompt("compare_for_family", { towns: "Winchester, winchester" })).rejects.toThrow(
        'Name 2 to 20 towns to compare, separated by commas, e.g. "Winchester, Arlington, Lexington"; got only Winchester.',
      );
    });

    test("completes the town being typed after the last comma, leaving out towns already named", async () => {
      const answer = await client.complete({ prompt: "compare_for_family" }, "towns", "Winchester,  win");
      expect(answer.values).toEqual(["Winchester, Winchendon", "Winchester, Windsor", "Winchester, Winthrop"]);
    });

    test("completes priorities from the four the data covers", async () => {
      const complete = async (value: string) => (await client.complete({ prompt: "compare_for_family" }, "priorities", value)).values;
      expect(await complete("")).toEqual(["schools", "safety", "price", "commute"]);
      expect(await complete("schools, s")).toEqual(["schools, safety"]);
    });
  });
});

describe("TownTools on another file with the same columns", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "towns-csv-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("serves that file's figures and counts its towns in the hint", async () => {
    const [header, ...lines] = fs.readFileSync(TOWNS_CSV, "utf8").trim().split("\n");
    const winchester = lines.find((l) => l.startsWith("Winchester,"))!.replace(/^((?:[^,]*,){5})\d+,/, "$1123456,");
    const file = path.join(dir, "two-towns.csv");
    fs.writeFileSync(file, [header, lines[0], winchester].join("\n"));
    await using client = await connect(new TownTools(new TownIndex(loadTowns(file))));
    expect(await client.call("get_housing", { town: "Winchester" })).toMatchObject({ avgSingleFamilyAssessedValue: { value: 123456 } });
    expect(await client.callError("get_housing", { town: "Boston" })).toBe(
      "No town named 'Boston'. Use the name of one of the 2 Massachusetts cities and towns, e.g. 'Winchester' or 'Manchester-by-the-Sea'; find_towns lists them by county.",
    );
  });
});

/** What a town profile says about who the town is, as the CSV row has it. */
function identityOf(w: Record<string, string>) {
  return {
    town: w.name,
    county: w.county,
    censusName: w.census_name,
    massGisTownId: Number(w.town_id),
    censusGeoid: w.geoid,
    latitude: Number(w.lat),
    longitude: Number(w.lon),
  };
}
