import { describe, expect, test } from "vitest";
import { generateTools } from "./generate-tools.js";
import type { OpenApiDocument, SchemaObject } from "./openapi-document.js";

const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } } } };

const document: OpenApiDocument = {
  openapi: "3.0.3",
  info: { title: "Pet Store", version: "1.0.0" },
  servers: [{ url: "/api" }],
  paths: {
    "/pets": {
      get: { operationId: "list_pets", tags: ["pets"], summary: "List the pets", responses: ok },
      post: { tags: ["pets"], deprecated: true, summary: "Add a pet", responses: ok },
    },
    "/pets/{petId}": {
      get: {
        tags: ["pets"],
        parameters: [
          { name: "petId", in: "path", required: true, schema: { type: "integer" } },
          { name: "session", in: "cookie", required: true, schema: { type: "string" } },
        ],
        responses: ok,
      },
    },
    "/stores": { get: { operationId: "listStores", tags: ["stores"], responses: { "204": { description: "none" } } } },
  },
  components: { securitySchemes: { key: { type: "apiKey", in: "query", name: "api_key" }, cookie: { type: "apiKey", in: "cookie", name: "sid" } } },
};

describe("generateTools", () => {
  test("makes a tool of each operation it can, and says why it skipped the others", () => {
    const generated = generateTools(document, { source: "pets.json" });
    expect(generated.className).toBe("PetStoreTools");
    expect(generated.tools.map((t) => t.methodName)).toEqual(["listPets", "listStores"]);
    expect(generated.skipped).toEqual([
      { operation: "(no operationId) (POST /pets)", reason: "it is deprecated (--deprecated generates it too)" },
      { operation: "(no operationId) (GET /pets/{petId})", reason: 'it needs the cookie "session", which generated tools do not send' },
    ]);
    expect(generated.settings).toEqual(["PET_STORE_BASE_URL", "PET_STORE_API_KEY", "PET_STORE_TIMEOUT_MS"]);
    expect(generated.warnings).toEqual([
      'security scheme "cookie" (apiKey in cookie) is not one generated tools send; add it in request() if the API needs it',
      "the document names a relative server URL (/api): set PET_STORE_BASE_URL (or the baseUrl option) to the API's full URL, /api included",
    ]);
  });

  test("generates deprecated operations when asked, their description saying so", () => {
    const generated = generateTools(document, { source: "pets.json", includeDeprecated: true });
    expect(generated.tools.map((t) => t.methodName)).toContain("postPets");
    expect(generated.text).toContain("   * Deprecated: Add a pet.\n");
  });

  test("keeps only the operations of the tags, or the operationIds and method names, asked for", () => {
    expect(generateTools(document, { source: "x", tags: ["stores"] }).tools.map((t) => t.methodName)).toEqual(["listStores"]);
    const picked = generateTools(document, { source: "x", operations: ["list_pets", "listStores", "nothing"] });
    expect(picked.tools.map((t) => t.methodName)).toEqual(["listPets", "listStores"]);
    expect(picked.warnings).toContain("--operation nothing matches no operation");
  });

  test("names nothing after the class's own members or the globals its code uses", () => {
    const clash: OpenApiDocument = {
      openapi: "3.1.0",
      info: { title: "Clash" },
      paths: {
        "/request": {
          post: {
            operationId: "request",
            responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } } },
          },
        },
      },
      components: { schemas: { Error: { type: "object", properties: { message: { type: "string" } } } } },
    };
    const { text, tools } = generateTools(clash, { source: "clash.json" });
    expect(tools.map((t) => t.methodName)).toEqual(["request2"]);
    expect(text).toContain("export interface ApiError {");
    expect(text).toContain("async request2(ctx?: Context): Promise<ApiError> {");
  });

  test("names a class and its settings ApiTools and API_ when the title has no Latin letters, and says when there are many tools", () => {
    const paths = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`/items/${i}`, { get: { operationId: `item${i}`, responses: ok } }]));
    const generated = generateTools({ openapi: "3.1.0", info: { title: "Библиотека" }, paths }, { source: "many.yaml" });
    expect(generated.className).toBe("ApiTools");
    expect(generated.settings).toEqual(["API_BASE_URL", "API_TIMEOUT_MS"]);
    expect(generated.warnings).toContain("41 tools are more than a model chooses among well: keep the ones it needs with --tag or --operation");
  });

  test("sends an API key in the query, and answers an operation without content with its status", () => {
    const { text } = generateTools(document, { source: "pets.json", className: "Pets" });
    expect(text).toContain('if (schemes.includes("key") && this.settings.apiKey) url.searchParams.set("api_key", this.settings.apiKey);');
    expect(text).toContain("protected authorize(schemes: readonly string[], _headers: Headers, url: URL): void {");
    expect(text).toContain(
      '  async listStores(ctx?: Context): Promise<string> {\n    return this.request<string>(ctx, { method: "GET", path: "/stores", answer: "none" });',
    );
    expect(text).toContain("export class Pets {");
  });

  // GitHub's spec: a repository's template_repository is a nullable-repository, `{ … } | null`, and
  // team objects sit in arrays; the API sends properties none of them list (subscribers_count).
  test("leaves every object a response reaches open: nested literals, array items and nullable components too", () => {
    const repo: SchemaObject = {
      type: "object",
      nullable: true,
      properties: { name: { type: "string" }, owner: { type: "object", properties: { login: { type: "string" } } } },
    };
    const spec: OpenApiDocument = {
      openapi: "3.0.3",
      info: { title: "GitHub's official OpenAPI spec" },
      paths: {
        "/repo": {
          get: {
            operationId: "repos/get",
            responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/full-repository" } } } } },
          },
          post: {
            operationId: "repos/create",
            requestBody: {
              content: { "application/json": { schema: { type: "object", properties: { meta: { type: "object", properties: { a: { type: "string" } } } } } } },
            },
            responses: { "204": { description: "none" } },
          },
        },
      },
      components: {
        schemas: {
          "full-repository": {
            type: "object",
            properties: {
              template_repository: { $ref: "#/components/schemas/nullable-repository" },
              teams: { type: "array", items: { type: "object", properties: { slug: { type: "string" } } } },
              closed: { type: "object", additionalProperties: false, properties: { x: { type: "string" } } },
            },
          },
          "nullable-repository": repo,
        },
      },
    };
    const { text, settings } = generateTools(spec, { source: "github.json" });
    expect(text).toContain("/** @additionalProperties true */\nexport interface FullRepository {\n  template_repository?: NullableRepository;\n  teams?: {\n");
    expect(text).toContain("  teams?: {\n    slug?: string;\n    [key: string]: unknown;\n  }[];\n");
    expect(text).toContain("  closed?: {\n    x?: string;\n  };\n}\n");
    expect(text).toContain(
      "export type NullableRepository = {\n  name?: string;\n  owner?: {\n    login?: string;\n    [key: string]: unknown;\n  };\n  [key: string]: unknown;\n} | null;",
    );
    // What is sent stays closed: a model cannot add properties the API does not take.
    expect(text).toContain("export interface ReposCreateBody {\n  meta?: {\n    a?: string;\n  };\n}");
    // "GitHub's" names GITHUB…, not GIT_HUB_S_….
    expect(settings[0]).toBe("GIT_HUB_OFFICIAL_OPEN_API_SPEC_BASE_URL");
  });

  // GitHub's PUT …/labels takes one of two objects; PATCH …/issues/{n} answers an issue and more.
  test("names a body or result written over several lines, so the method's signature stays one line", () => {
    const labels = (items: SchemaObject): SchemaObject => ({ type: "object", properties: { labels: { type: "array", items } } });
    const spec: OpenApiDocument = {
      openapi: "3.0.3",
      info: { title: "Labels" },
      paths: {
        "/labels": {
          put: {
            operationId: "issues/set-labels",
            requestBody: {
              content: {
                "application/json": { schema: { oneOf: [labels({ type: "string" }), labels({ type: "object", properties: { name: { type: "string" } } })] } },
              },
            },
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { allOf: [{ $ref: "#/components/schemas/Label" }, { type: "object", properties: { note: { type: "string" } } }] },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { Label: { type: "object", properties: { name: { type: "string" } } } } },
    };
    const { text } = generateTools(spec, { source: "labels.json" });
    expect(text).toContain("  async issuesSetLabels(body?: IssuesSetLabelsBody, ctx?: Context): Promise<IssuesSetLabelsResult> {\n");
    expect(text).toContain("export type IssuesSetLabelsBody = {\n  labels?: string[];\n} | {\n  labels?: {\n    name?: string;\n  }[];\n};\n");
    expect(text).toContain("export type IssuesSetLabelsResult = Label & {\n  note?: string;\n  [key: string]: unknown;\n};\n");
  });
});
