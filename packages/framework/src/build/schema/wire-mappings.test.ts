import { describe, expect, test } from "vitest";
import { deriveOne, expectArguments, failOne, fixture } from "./__fixtures__/derive-one.js";

describe("object keys a template literal type constrains", () => {
  test("types template-literal index signatures and Record keys as patternProperties, closed otherwise", () => {
    const tool = deriveOne(
      "@tool() f(labels: { [k: `app.kubernetes.io/${string}`]: string }, headers: Record<`x-${string}`, string>, named: Named): void {}",
      "interface Named { name: string; [k: `data-${string}`]: number | string }",
    );
    expect(tool.inputSchema.properties).toEqual({
      labels: { type: "object", patternProperties: { "^app\\.kubernetes\\.io\\/[\\s\\S]*$": { type: "string" } }, additionalProperties: false },
      headers: { type: "object", patternProperties: { "^x-[\\s\\S]*$": { type: "string" } }, additionalProperties: false },
      named: {
        type: "object",
        properties: { name: { type: "string" } },
        required: ["name"],
        patternProperties: { "^data-[\\s\\S]*$": { anyOf: [{ type: "string" }, { type: "number" }] } },
        additionalProperties: false,
      },
    });
    expectArguments(tool, {
      accepts: [{ labels: { "app.kubernetes.io/name": "web" }, headers: { "x-api-key": "k" }, named: { name: "n", "data-id": 1 } }],
      rejects: [
        [
          { labels: { app: "web" }, headers: { "y-key": "k", "x-n": 1 }, named: { name: "n", other: 1 } },
          [
            "labels.app: unknown parameter; expected keys matching /^app\\.kubernetes\\.io\\/[\\s\\S]*$/",
            "headers.y-key: unknown parameter; expected keys matching /^x-[\\s\\S]*$/",
            "headers.x-n: expected string, got number 1",
            'named.other: unknown parameter; expected only "name", or keys matching /^data-[\\s\\S]*$/',
          ],
        ],
      ],
    });
  });

  test("keys Record<number, T> and number index signatures by every text TypeScript reads as a number", () => {
    const tool = deriveOne("@tool() f(byId: Record<number, string>, scores: { [n: number]: number }): void {}");
    const keys = (tool.inputSchema.properties as Record<string, { patternProperties: object }>).byId?.patternProperties ?? {};
    expect(Object.keys(keys)).toHaveLength(1);
    expectArguments(tool, {
      accepts: [
        { byId: { "0": "a", "-1": "b", "1.5": "c", "1e+21": "d" }, scores: { "7": 1, "-0.25": 2 } },
        { byId: {}, scores: { NaN: 1, Infinity: 2, "-Infinity": 3 } },
      ],
      rejects: [
        [
          { byId: { "01": "a", abc: "b" }, scores: { "1.50": 1 } },
          [
            `byId.01: unknown parameter; expected keys matching /${Object.keys(keys)[0]}/`,
            `byId.abc: unknown parameter; expected keys matching /${Object.keys(keys)[0]}/`,
            `scores.1.50: unknown parameter; expected keys matching /${Object.keys(keys)[0]}/`,
          ],
        ],
      ],
    });
  });

  test("keeps template-literal keys beside literal keys in an intersection", () => {
    const tool = deriveOne('@tool() f(labels: Record<"app", string> & { [k: `team/${string}`]: string }): void {}');
    expect(tool.inputSchema.properties).toEqual({
      labels: {
        type: "object",
        properties: { app: { type: "string" } },
        required: ["app"],
        patternProperties: { "^team\\/[\\s\\S]*$": { type: "string" } },
        additionalProperties: false,
      },
    });
  });

  test("revives the values of template-literal keys as their type says", () => {
    const tool = deriveOne("@tool() f(seen: { [k: `at-${string}`]: Date }): void {}");
    expect(tool.params).toEqual([{ from: "argument", name: "seen", revive: [{ path: [null], to: "date" }] }]);
  });

  test("types Record<string, never> as an object that takes no properties", () => {
    const tool = deriveOne('@tool() f(options: Record<string, never>, block: { kind: "divider"; fields: Record<string, never> }): void {}');
    expect(tool.inputSchema.properties).toEqual({
      options: { type: "object", additionalProperties: false },
      block: {
        type: "object",
        properties: { kind: { type: "string", const: "divider" }, fields: { type: "object", additionalProperties: false } },
        required: ["kind", "fields"],
        additionalProperties: false,
      },
    });
    expectArguments(tool, { accepts: [{ options: {}, block: { kind: "divider", fields: {} } }] });
  });
});

describe("string enums keep the order they were declared in", () => {
  test("in an optional parameter, through Exclude and through Uppercase", () => {
    const tool = deriveOne(
      `@tool() f(state: Exclude<State, "deleted">, method: Uppercase<"get" | "post" | "delete">, sort?: "newest" | "oldest" | "alpha", level?: Level): void {}`,
      `type State = "open" | "closed" | "deleted" | "archived";
      enum Level { Warn = "warn", Error = "error", Debug = "debug" }`,
    );
    const enums = Object.fromEntries(Object.entries(tool.inputSchema.properties as Record<string, { enum?: unknown[] }>).map(([k, v]) => [k, v.enum]));
    expect(enums).toEqual({
      sort: ["newest", "oldest", "alpha"],
      state: ["open", "closed", "archived"],
      method: ["GET", "POST", "DELETE"],
      level: ["warn", "error", "debug"],
    });
  });
});

describe("overloaded tool methods", () => {
  test("stop the build at the overload, saying how to write one signature", () => {
    const errors = failOne(
      fixture(`/** Find by id or by name. */
      find(key: number): string;
      find(key: string, exact?: boolean): string;
      @tool() find(key: number | string, exact?: boolean): string { return String(key) + String(exact); }`),
    );
    expect(errors.map((e) => e.message)).toEqual([
      "Fixture.find: a tool cannot be overloaded: a client sends one arguments object, which the 2 overload signatures would each read differently. Declare one signature that takes every valid call (a discriminated union parameter, or optional parameters), or make each overload its own tool",
    ]);
  });
});
