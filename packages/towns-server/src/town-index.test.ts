import { describe, expect, test } from "vitest";
import { fileURLToPath } from "node:url";
import { loadTowns } from "./load-towns.js";
import { TownIndex } from "./town-index.js";

const index = new TownIndex(loadTowns(fileURLToPath(new URL("../data/ma_towns.csv", import.meta.url))));
const closest = (name: string) => index.closest(name).map((town) => town.name);

describe("TownIndex.find", () => {
  test.each([
    ["winchester", "Winchester"],
    ["Manchester by the Sea", "Manchester-by-the-Sea"],
    ["MANCHESTER-BY-THE-SEA", "Manchester-by-the-Sea"],
    ["Town of Agawam", "Agawam"],
    ["Agawam Town city", "Agawam"],
    ["City of Boston", "Boston"],
    ["Foxboro", "Foxborough"],
    ["Middleboro", "Middleborough"],
    ["Attleboro", "Attleboro"],
    ["North Attleboro", "North Attleborough"],
    ["Mt Washington", "Mount Washington"],
    ["Watertown", "Watertown"],
  ])("finds %j as %s", (typed, name) => {
    expect(index.find(typed)?.name).toBe(name);
  });

  test("finds nothing for a name that is not a town", () => {
    expect(index.find("Winchster")).toBeUndefined();
    expect(index.find("Dorchester")).toBeUndefined();
    expect(index.find("")).toBeUndefined();
  });
});

describe("TownIndex.closest", () => {
  test("suggests the one town a typo away", () => {
    expect(closest("Winchster")).toEqual(["Winchester"]);
    expect(closest("Bostn")).toEqual(["Boston"]);
    expect(closest("Sommerville")).toEqual(["Somerville"]);
    expect(closest("West Springfeld")).toEqual(["West Springfield"]);
  });

  test("suggests a town whose name starts with the words typed", () => {
    expect(closest("Manchester")[0]).toBe("Manchester-by-the-Sea");
  });

  test("suggests at most three, closest first, then alphabetically", () => {
    expect(closest("Worchester")).toEqual(["Worcester", "Rochester", "Winchester"]);
    expect(closest("North")).toEqual(["North Adams", "North Andover", "North Attleborough"]);
  });

  test("suggests nothing when no name is close", () => {
    expect(closest("Xyzzy")).toEqual([]);
    expect(closest("!!!")).toEqual([]);
  });
});

describe("TownIndex.namesStartingWith", () => {
  test("completes a prefix in any case, A-Z", () => {
    expect(index.namesStartingWith("win")).toEqual(["Winchendon", "Winchester", "Windsor", "Winthrop"]);
    expect(index.namesStartingWith("WINC")).toEqual(["Winchendon", "Winchester"]);
  });

  test("matches a space with a hyphen and the other way round", () => {
    expect(index.namesStartingWith("manchester by")).toEqual(["Manchester-by-the-Sea"]);
    expect(index.namesStartingWith("west-new")).toEqual(["West Newbury"]);
  });

  test("keeps a trailing space, so 'west ' means the two-word names", () => {
    expect(index.namesStartingWith("west ")).toEqual([
      "West Boylston",
      "West Bridgewater",
      "West Brookfield",
      "West Newbury",
      "West Springfield",
      "West Stockbridge",
      "West Tisbury",
    ]);
    expect(index.namesStartingWith("west")).toContain("Westfield");
  });

  test("stops at the limit, 20 unless told", () => {
    expect(index.namesStartingWith("")).toHaveLength(20);
    expect(index.namesStartingWith("").slice(0, 3)).toEqual(["Abington", "Acton", "Acushnet"]);
    expect(index.namesStartingWith("north", 3)).toEqual(["North Adams", "North Andover", "North Attleborough"]);
  });

  test("finds nothing for a prefix no name has", () => {
    expect(index.namesStartingWith("Gotham")).toEqual([]);
  });
});
