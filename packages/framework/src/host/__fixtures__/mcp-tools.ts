import type { McpTool } from "../mcp-tool.js";

/**
 * Input schemas as real servers list them: typemcp's own (closed objects, descriptions from
 * JSDoc, defaults, formats, recursive types as typescript-json-schema writes them) and other
 * frameworks' (zod's `$schema` and `$defs`, open maps, root unions, no arguments at all).
 */
export const FIXTURE_TOOLS: Record<string, McpTool> = {
  divide: {
    name: "divide",
    description: "Divide a by b and return the quotient (a ÷ b). Fails when b is zero.",
    inputSchema: {
      type: "object",
      properties: { a: { type: "number", description: "The dividend." }, b: { type: "number", description: "The divisor; must not be zero." } },
      required: ["a", "b"],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  },
  forecast: {
    name: "get_forecast",
    title: "Weather forecast",
    description: "Get the weather forecast for a place in the United States.",
    inputSchema: {
      type: "object",
      properties: { latitude: { type: "number", minimum: -90, maximum: 90 }, longitude: { type: "number", minimum: -180, maximum: 180 } },
      required: ["latitude", "longitude"],
      additionalProperties: false,
    },
  },
  search: {
    name: "search",
    description: "Search the catalog.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "What to look for.", minLength: 1 },
        limit: { type: "number", default: 10 },
        order: { type: "string", enum: ["asc", "desc"] },
        opts: { type: "object", properties: { flag: { type: "boolean" }, depth: { type: "integer" } }, required: ["flag"], additionalProperties: false },
        tags: { type: "array", items: { type: "string" } },
        since: { type: "string", format: "date-time" },
        note: { type: ["string", "null"] },
      },
      required: ["query"],
      additionalProperties: false,
    },
  },
  zod: {
    name: "create_event",
    description: "Create an event.",
    inputSchema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { start: { $ref: "#/definitions/When" }, end: { $ref: "#/definitions/When", description: "When it ends." } },
      required: ["start", "end"],
      additionalProperties: false,
      definitions: {
        When: {
          type: "object",
          properties: { date: { type: "string", format: "date" }, time: { type: "string" } },
          required: ["date"],
          additionalProperties: false,
        },
      },
    },
  },
  tree: {
    name: "sum_tree",
    description: "Sum the values of a tree.",
    inputSchema: {
      type: "object",
      properties: { tree: { $ref: '#/definitions/import("/abs/src/tree").Tree', description: "The tree." } },
      required: ["tree"],
      additionalProperties: false,
      definitions: {
        'import("/abs/src/tree").Tree': {
          type: "object",
          properties: { value: { type: "number" }, children: { type: "array", items: { $ref: '#/definitions/import("/abs/src/tree").Tree' } } },
          required: ["value"],
          additionalProperties: false,
        },
      },
    },
  },
  record: {
    name: "set_prices",
    description: "Set prices by product code.",
    inputSchema: {
      type: "object",
      properties: { prices: { type: "object", additionalProperties: { type: "number" } } },
      required: ["prices"],
      additionalProperties: false,
    },
  },
  rootUnion: {
    name: "locate",
    description: "Find a place by name or by coordinates.",
    inputSchema: {
      type: "object",
      anyOf: [
        { type: "object", properties: { name: { type: "string" }, limit: { type: "integer" } }, required: ["name", "limit"], additionalProperties: false },
        {
          type: "object",
          properties: { lat: { type: "number" }, lon: { type: "number" }, limit: { type: "integer" } },
          required: ["lat", "lon", "limit"],
          additionalProperties: false,
        },
      ],
    },
  },
  noArgs: { name: "get-tiny-image", description: "Returns a tiny image.", inputSchema: { type: "object", properties: {} } },
};
