import path from "node:path";
import ts from "../schema/typescript.cjs";
import { describe, expect, test } from "vitest";
import { findServerSettings } from "./server-settings.js";

const source = (text: string) => ts.createSourceFile(path.resolve("src/server.ts"), text, ts.ScriptTarget.Latest, true);

describe("findServerSettings", () => {
  test("finds the variables the code reads, in order, described by the comment that names them, and leaves typemcp's own out", () => {
    const settings = findServerSettings([
      source(`// GREETER_SIGN_OFF: how each greeting ends.
const signOff = process.env.GREETER_SIGN_OFF;
const key = env["WEATHER_API_KEY"];
const city = process.env.HOME_CITY; // HOME_CITY names the city forecasts default to.
const port = process.env.MCP_PORT;
const again = process.env.GREETER_SIGN_OFF;`),
    ]);
    expect(settings).toEqual([
      { name: "GREETER_SIGN_OFF", description: "GREETER_SIGN_OFF: how each greeting ends.", secret: false, required: false },
      { name: "WEATHER_API_KEY", description: "Read by the server (src/server.ts:3).", secret: true, required: false },
      { name: "HOME_CITY", description: "HOME_CITY names the city forecasts default to.", secret: false, required: false },
    ]);
  });

  test("takes package.json's descriptions over the code's, and adds variables only package.json names", () => {
    const settings = findServerSettings([source("const base = process.env.API_BASE;")], {
      API_BASE: "The API's base URL.",
      API_TOKEN: { description: "A token for the API.", required: true },
    });
    expect(settings).toEqual([
      { name: "API_BASE", description: "The API's base URL.", secret: false, required: false },
      { name: "API_TOKEN", description: "A token for the API.", secret: true, required: true },
    ]);
  });

  test("refuses a variable package.json names that is no variable name, naming it", () => {
    expect(() => findServerSettings([], { GOOD: "fine", "BAD\nNAME": "a newline" })).toThrow(
      'package.json "typemcp.env" names "BAD\\nNAME", which is no environment variable name',
    );
    expect(() => findServerSettings([], { "A=B": "x" })).toThrow('names "A=B"');
    expect(() => findServerSettings([], { "1ST": "x" })).toThrow('names "1ST"');
  });
});
