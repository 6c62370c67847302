import { describe, expect, test } from "vitest";
import { completeLastItem, splitList } from "./list-argument.js";

describe("splitList", () => {
  test.each([
    ["Winchester, Arlington, Lexington", ["Winchester", "Arlington", "Lexington"]],
    ["Winchester,Arlington", ["Winchester", "Arlington"]],
    ["Winchester, Arlington, and Lexington", ["Winchester", "Arlington", "Lexington"]],
    ["Winchester and Arlington & Lexington", ["Winchester", "Arlington", "Lexington"]],
    ["Winchester; Arlington\nLexington", ["Winchester", "Arlington", "Lexington"]],
    ["  Manchester-by-the-Sea ,, West Springfield, ", ["Manchester-by-the-Sea", "West Springfield"]],
    ["Andover, Sandwich", ["Andover", "Sandwich"]],
    ["", []],
  ])("splits %j", (text, items) => {
    expect(splitList(text)).toEqual(items);
  });
});

describe("completeLastItem", () => {
  const upper = (item: string) => [item.toUpperCase()];

  test("completes a first item as the whole value", () => {
    expect(completeLastItem("arl", upper)).toEqual(["ARL"]);
  });

  test("keeps the items before the last comma, spaced once", () => {
    expect(completeLastItem("Winchester,arl", upper)).toEqual(["Winchester, ARL"]);
    expect(completeLastItem("Winchester ,   arl", upper)).toEqual(["Winchester, ARL"]);
    expect(completeLastItem("Winchester, ", upper)).toEqual(["Winchester, "]);
  });

  test("tells the candidates which items came before", () => {
    const seen: string[][] = [];
    completeLastItem("Winchester, Arlington and Lexington, Bel", (_, earlier) => {
      seen.push([...earlier]);
      return [];
    });
    expect(seen).toEqual([["Winchester", "Arlington", "Lexington"]]);
  });
});
