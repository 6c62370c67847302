import { describe, expect, test } from "vitest";
import { deriveOne } from "./__fixtures__/derive-one.js";

// A dependency with JSDoc of its own, at the path a package installs to.
const GEO = {
  "./node_modules/geo/index.d.ts": `/** A point on Earth, in the geo package's words. */
  export interface Point {
    /** Degrees north, as the geo package documents it. */
    lat: number;
    lon: number;
  }`,
};

// The real @types/node, loaded as a project that lists it loads it.
const WITH_NODE = `/// <reference types="node" />\nexport {};`;

describe("createLibraryTest", () => {
  test("keeps the JSDoc of @types/node and of dependencies out of descriptions, and the author's in", () => {
    const tool = deriveOne(
      `/**
       * @param site The author's words for site.
       */
      @tool() f(site: Pick<URL, "host" | "pathname">, memory: ReturnType<typeof process.memoryUsage>, at: Point, mine: Mine, link: URL): void {}`,
      `import "./with-node";
      import type { Point } from "geo";
      interface Mine {
        /** The author's words for where. */
        where: Point;
        home: Pick<URL, "hash">;
      }`,
      { ...GEO, "./with-node.ts": WITH_NODE },
    );
    const string = { type: "string" };
    const number = { type: "number" };
    const point = { type: "object", properties: { lat: number, lon: number }, required: ["lat", "lon"], additionalProperties: false };
    expect(tool.inputSchema.properties).toEqual({
      site: {
        type: "object",
        properties: { host: string, pathname: string },
        required: ["host", "pathname"],
        additionalProperties: false,
        description: "The author's words for site.",
      },
      memory: {
        type: "object",
        properties: { rss: number, heapTotal: number, heapUsed: number, external: number, arrayBuffers: number },
        required: ["rss", "heapTotal", "heapUsed", "external", "arrayBuffers"],
        additionalProperties: false,
      },
      at: point,
      mine: {
        type: "object",
        properties: {
          where: { ...point, description: "The author's words for where." },
          home: { type: "object", properties: { hash: string }, required: ["hash"], additionalProperties: false },
        },
        required: ["where", "home"],
        additionalProperties: false,
      },
      link: { type: "string", format: "uri" },
    });
  });
});
