import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDevProject } from "./support/dev-project.js";
import { DUNE, startFakeRestApis, type FakeRestApis } from "./support/fake-rest-apis.js";
import { fromRoot, TYPEMCP_CLI } from "./support/paths.js";
import { runAsync } from "./support/run.js";
import { connectToServer, textOf, type StdioSession } from "./support/stdio-client.js";

// `typemcp openapi` as a user runs it: the real CLI writes a class from each fixture spec (3.1
// YAML, 3.0 JSON) into a scratch project, `typemcp build` builds it, and the SDK's own client
// talks MCP over stdio to the built server, whose tools call fake APIs on 127.0.0.1.
const LIBRARY = fromRoot("test/fixtures/openapi/library.yaml");
const HELPDESK = fromRoot("test/fixtures/openapi/helpdesk.json");

const SERVER = `import { serve } from "typemcp";
import { HelpdeskApiTools } from "./helpdesk-api-tools.js";
import { LibraryApiTools } from "./library-api-tools.js";
await serve([new LibraryApiTools(), new HelpdeskApiTools()], { name: "apis", version: "1.0.0" });
`;

const project = createDevProject(SERVER);
const typemcp = (...args: string[]) => runAsync(process.execPath, [TYPEMCP_CLI, ...args], { cwd: project.dir, allowFailure: true });
afterAll(() => project.remove());

describe("typemcp openapi, built and served", () => {
  let apis: FakeRestApis;
  let session: StdioSession;
  let generated: { library: string; helpdesk: string };

  beforeAll(async () => {
    const library = await typemcp("openapi", LIBRARY);
    const helpdesk = await typemcp("openapi", HELPDESK, "--out", "src/helpdesk-api-tools.ts");
    generated = { library: library.stderr, helpdesk: helpdesk.stderr };
    expect(library.status, library.stderr).toBe(0);
    expect(helpdesk.status, helpdesk.stderr).toBe(0);
    const build = await typemcp("build");
    expect(build.status, build.stderr).toBe(0);
    apis = await startFakeRestApis();
    session = await connectToServer(path.join(project.dir, "dist", "server.js"), {
      LIBRARY_API_BASE_URL: `${apis.url}/v1`,
      LIBRARY_API_TOKEN: "library-token",
      HELPDESK_API_BASE_URL: `${apis.url}/helpdesk`,
      HELPDESK_API_KEY: "helpdesk-key",
    });
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await apis?.close();
  });

  const call = (name: string, args: Record<string, unknown>) => session.client.callTool({ name, arguments: args });
  const lastRequest = () => apis.requests.at(-1)!;

  test("says what it wrote, what it skipped and why, and the settings the class reads", () => {
    expect(generated.library).toContain("typemcp openapi: wrote src/library-api-tools.ts: class LibraryApiTools, 5 tool(s).");
    expect(generated.library).toContain("  skipped withdrawBook (DELETE /books/{bookId}): it is deprecated (--deprecated generates it too)");
    expect(generated.library).toContain("settings (environment): LIBRARY_API_BASE_URL, LIBRARY_API_TOKEN, LIBRARY_API_TIMEOUT_MS");
    expect(generated.helpdesk).toContain(
      "  skipped uploadAttachment (POST /attachments): its request body is multipart/form-data, which generated tools do not send (JSON, forms and text only)",
    );
    const source = fs.readFileSync(path.join(project.dir, "src", "library-api-tools.ts"), "utf8");
    expect(source).toContain("//   LIBRARY_API_TOKEN       The bearer token sent as Authorization.");
    expect(source).toContain('async addBook(body: Omit<Book, "id">, ctx?: Context): Promise<Book> {');
  });

  test("writes files that pass tsc with every strictness option and biome's recommended lint rules", async () => {
    const strictest = ["--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--noImplicitOverride", "--noImplicitReturns"];
    const more = ["--noPropertyAccessFromIndexSignature", "--noUnusedLocals", "--noUnusedParameters"];
    const tsc = await runAsync(process.execPath, [fromRoot("node_modules/typescript/bin/tsc"), "-p", "tsconfig.json", "--noEmit", ...strictest, ...more], {
      cwd: project.dir,
      allowFailure: true,
    });
    expect(tsc.stdout, tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
    const files = ["src/library-api-tools.ts", "src/helpdesk-api-tools.ts"];
    const lint = await runAsync(fromRoot("node_modules/.bin/biome"), ["lint", "--error-on-warnings", ...files], { cwd: project.dir, allowFailure: true });
    expect(lint.status, `${lint.stdout}\n${lint.stderr}`).toBe(0);
  });

  test("reads a spec from a URL as from a file, and says when the URL answers with an error", async () => {
    const fromUrl = await typemcp("openapi", `${apis.url}/openapi.yaml`, "--out", "-");
    expect(fromUrl.status, fromUrl.stderr).toBe(0);
    const fromFile = fs.readFileSync(path.join(project.dir, "src", "library-api-tools.ts"), "utf8");
    expect(fromUrl.stdout).toBe(fromFile.replace("from library.yaml.", `from ${apis.url}/openapi.yaml.`));
    const missing = await typemcp("openapi", `${apis.url}/nothing.yaml`);
    expect(missing.stderr).toBe(`typemcp: cannot download ${apis.url}/nothing.yaml: it answered HTTP 404 Not Found.\n`);
    expect(missing.status).toBe(2);
  });

  test("lists one tool per operation, named as the operationId (or the method and path) in camelCase", async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ["addBook", "getBook", "getTicket", "health", "listBooks", "listTickets", "postBooksByBookIdLoans", "updateTicket"].sort(),
    );
  });

  test("derives input schemas from the spec: required path parameters, enums, constraints, defaults, descriptions", async () => {
    const { tools } = await session.client.listTools();
    const tool = (name: string) => tools.find((t) => t.name === name)!;
    expect(tool("listBooks").description).toBe(
      "Find books in the catalogue.\n\nFind books by words in their title or author, optionally of one genre, a page at a time.",
    );
    expect(tool("listBooks").inputSchema).toMatchObject({
      properties: {
        q: { type: "string", minLength: 2, description: "Words to look for in the title or the author's name." },
        genre: { enum: ["fiction", "history", "science", "poetry"] },
        limit: { type: "integer", minimum: 1, maximum: 50, default: 20 },
        tag: { type: "array", items: { type: "string" } },
      },
    });
    expect(tool("listBooks").inputSchema.required).toBeUndefined();
    expect(tool("getBook").inputSchema).toMatchObject({ required: ["bookId"], properties: { bookId: { pattern: "^[A-Z]{2}-\\d{4}$" } } });
    const body = (tool("addBook").inputSchema.properties as Record<string, { required: string[]; properties: object }>).body!;
    expect(body.required.sort()).toEqual(["authors", "genre", "title"]);
    expect(Object.keys(body.properties)).not.toContain("id");
    expect(tool("getBook").annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
    expect(tool("getTicket").inputSchema).toMatchObject({ required: ["ticketId"], properties: { ticketId: { type: "integer", minimum: 1 } } });
    expect(tool("getTicket").outputSchema).toMatchObject({
      properties: { status: { enum: ["open", "pending", "closed"] }, assignee: { type: ["string", "null"] } },
    });
  });

  test("a call reaches the API with its method, path, query and bearer token, and returns the structured result", async () => {
    const result = await call("listBooks", { q: "dune", genre: "fiction", tag: ["classic", "sf"] });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ books: [DUNE], total: 1 });
    expect(lastRequest()).toMatchObject({
      method: "GET",
      path: "/v1/books",
      query: { q: ["dune"], genre: ["fiction"], limit: ["20"], tag: ["classic", "sf"] },
      headers: { authorization: "Bearer library-token" },
    });
  });

  test("a JSON body is sent as JSON, a header parameter as its header, and a path parameter encoded", async () => {
    const added = await call("addBook", { body: { title: "The Histories", authors: [{ name: "Herodotus" }], genre: "history" } });
    expect(added.structuredContent).toEqual({ title: "The Histories", authors: [{ name: "Herodotus" }], genre: "history", id: "HI-0042" });
    expect(lastRequest()).toMatchObject({ method: "POST", path: "/v1/books", contentType: "application/json", body: { title: "The Histories" } });
    const loan = await call("postBooksByBookIdLoans", { bookId: "FI 0001/2", body: { memberId: 12, days: 14 }, xRequestId: "req-1" });
    expect(loan.structuredContent).toEqual({ bookId: "FI 0001/2", memberId: 12, due: "2026-12-20" });
    expect(lastRequest()).toMatchObject({ path: "/v1/books/FI%200001%2F2/loans", headers: { "x-request-id": "req-1" }, body: { memberId: 12, days: 14 } });
  });

  test("an answer other than 2xx is a tool error naming the status and quoting the body", async () => {
    const result = await call("getBook", { bookId: "FI-9999" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('GET /v1/books/FI-9999 failed with HTTP 404 Not Found: {"error":"nothing at GET /v1/books/FI-9999"}');
  });

  test("a wrong argument is refused by the schema, naming it, before any request is sent", async () => {
    const before = apis.requests.length;
    const result = await call("getBook", { bookId: "dune" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("bookId");
    expect(textOf(result)).toContain("^[A-Z]{2}-\\d{4}$");
    expect(apis.requests.length).toBe(before);
  });

  test("a cancelled call abandons its HTTP request", async () => {
    const arrived = apis.nextHangingRequest();
    const controller = new AbortController();
    const pending = session.client.callTool({ name: "getBook", arguments: { bookId: "SL-0001" } }, undefined, { signal: controller.signal });
    const { closed } = await arrived;
    controller.abort();
    await expect(pending).rejects.toThrow();
    // The tool's fetch was aborted through ctx.signal, so the API sees its connection close.
    await closed;
  });

  test("a text answer comes back as text, and an operation without security sends no credentials", async () => {
    const result = await call("health", {});
    expect(result.content).toEqual([{ type: "text", text: "ok" }]);
    expect(result.structuredContent).toBeUndefined();
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  test("a 3.0 JSON spec works the same: an API key header, an integer path parameter, nullable fields", async () => {
    const ticket = await call("getTicket", { ticketId: 7 });
    expect(ticket.structuredContent).toMatchObject({ id: 7, assignee: null, status: "open" });
    expect(lastRequest()).toMatchObject({ method: "GET", path: "/helpdesk/tickets/7", headers: { "x-api-key": "helpdesk-key" } });
    const listed = await call("listTickets", { status: ["open", "pending"] });
    expect(listed.structuredContent).toMatchObject({ result: [{ id: 7 }] });
    expect(lastRequest().query).toEqual({ status: ["open", "pending"], page: ["1"] });
    const updated = await call("updateTicket", { ticketId: 7, body: { assignee: "ada", priority: "urgent" } });
    expect(updated.structuredContent).toMatchObject({ id: 7, assignee: "ada", priority: "urgent" });
    expect(lastRequest()).toMatchObject({ method: "PATCH", body: { assignee: "ada", priority: "urgent" } });
  });
});

describe("typemcp openapi, given what it cannot read", () => {
  const write = (name: string, text: string) => {
    const file = path.join(project.dir, name);
    fs.writeFileSync(file, text);
    return name;
  };

  test("refuses a Swagger 2.0 document, naming the version and how to convert it", async () => {
    const spec = write("petstore.json", JSON.stringify({ swagger: "2.0", info: { title: "Pets", version: "1" }, paths: {} }));
    const run = await typemcp("openapi", spec);
    expect(run.stderr).toBe(
      'typemcp: petstore.json is a Swagger 2.0 document; typemcp openapi reads OpenAPI 3.0, 3.1 and 3.2. Convert it first (the Swagger Editor\'s "Convert to OpenAPI 3", or npx swagger2openapi petstore.json -o openapi.json) and run this again on the result.\n',
    );
    expect(run.status).toBe(2);
  });

  test("says there is no such file", async () => {
    const run = await typemcp("openapi", "missing.yaml");
    expect(run.stderr).toBe(`typemcp: there is no file missing.yaml (looked in ${fs.realpathSync(project.dir)}).\n`);
    expect(run.status).toBe(2);
  });

  test("says where a YAML file is broken", async () => {
    const spec = write("broken.yaml", "openapi: 3.1.0\ninfo:\n  title: [Broken\n  version: 1\n");
    const run = await typemcp("openapi", spec);
    expect(run.stderr).toMatch(/^typemcp: broken\.yaml is not valid YAML: .+ at line \d+, column \d+:?\n$/);
    expect(run.status).toBe(2);
  });

  test("does not overwrite a file without --force", async () => {
    const run = await typemcp("openapi", LIBRARY, "--out", "src/server.ts");
    expect(run.stderr).toBe("typemcp: src/server.ts exists; typemcp openapi does not overwrite it without --force.\n");
    expect(run.status).toBe(2);
    expect(fs.readFileSync(path.join(project.dir, "src", "server.ts"), "utf8")).toBe(SERVER);
  });
});
