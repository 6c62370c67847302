import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDevProject } from "./support/dev-project.js";
import { answerFromSpec, startFakeApi, type Answer, type FakeApi, type SeenRequest } from "./support/fake-spec-apis.js";
import { fromRoot, TYPEMCP_CLI } from "./support/paths.js";
import { runAsync } from "./support/run.js";
import { connectToServer, textOf, type StdioSession } from "./support/stdio-client.js";

// `typemcp openapi` on two real specs, as issue #54 asks: the Swagger Petstore (3.0, copied into
// test/fixtures/openapi, see SOURCES.md) and GitHub's REST API (3.0.3, 13 MB, from the npm
// package @octokit/openapi, filtered to 26 operations). One project holds both classes: the real
// CLI writes them, `typemcp build` builds it, TypeScript 5.9 and 7 type-check it with every strict
// option, and the SDK's client calls the built server over stdio, whose tools reach fakes of the
// two APIs on 127.0.0.1: the Petstore's answers written here, GitHub's its spec's own examples.
// One npm install (both compilers) and one npm pack (the spec), through the shared npm cache.

const OCTOKIT_OPENAPI = "@octokit/openapi@23.0.2";
const TYPESCRIPT = { "5.9": "typescript@5.9.3", "7": "typescript7@npm:typescript@7.0.2" };
const GITHUB_OPERATIONS = [
  ...["repos/get", "repos/update", "repos/list-for-org", "repos/list-branches", "repos/get-content", "repos/create-dispatch-event"],
  ...["repos/create-for-authenticated-user", "issues/list-for-repo", "issues/create", "issues/get", "issues/update", "issues/add-assignees"],
  ...["issues/list-comments", "issues/create-comment", "issues/add-labels", "issues/set-labels", "issues/remove-label", "issues/lock"],
  ...["issues/list-labels-for-repo", "issues/create-label", "pulls/list", "pulls/create", "search/issues-and-pull-requests"],
  ...["users/get-authenticated", "users/get-by-username", "reactions/create-for-issue"],
];
const GITHUB_ENV = "GIT_HUB_OFFICIAL_OPEN_API_SPEC_OCTOKIT_EXTENSION";
const npmEnv = {
  NO_COLOR: "1",
  npm_config_cache: path.join(os.tmpdir(), "typemcp-e2e-npm-cache"),
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};

// GitHub's spec names no security scheme: the token goes in through request(), as docs/openapi.md says.
const GITHUB_SUBCLASS = `import type { Context } from "typemcp";
import { type ApiRequest, GitHubTools } from "./github-tools.js";

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

/** GitHub's tools at the URL the test gives, sending the token GitHub's spec does not describe. */
export class GitHub extends GitHubTools {
  constructor() {
    super({ baseUrl: env["GITHUB_API_URL"] });
  }

  protected override request<T>(ctx: Context | undefined, request: ApiRequest): Promise<T> {
    const token = env["GITHUB_TOKEN"];
    return super.request<T>(ctx, { ...request, headers: { ...request.headers, authorization: \`Bearer \${token}\` } });
  }
}
`;
const SERVER = `import { serve } from "typemcp";
import { GitHub } from "./github.js";
import { SwaggerPetstoreTools } from "./swagger-petstore-tools.js";
await serve([new SwaggerPetstoreTools(), new GitHub()], { name: "real-apis", version: "1.0.0" });
`;

const PET = { id: 7, category: { id: 1, name: "Dogs" }, name: "doggie", photoUrls: ["https://example.com/d.png"], tags: [], status: "available" };

function petstore(request: SeenRequest): Answer {
  const route = `${request.method} ${request.path}`;
  if (route === "GET /v2/pet/7") return [200, PET];
  if (route === "GET /v2/pet/findByStatus") return [200, [PET, { ...PET, id: 8, status: "pending", nickname: "not in the spec" }]];
  if (route === "POST /v2/pet" || route === "POST /v2/pet/7" || route === "DELETE /v2/pet/7") return [200];
  if (route === "GET /v2/user/login") return [200, "logged in user session:1234"];
  if (route === "GET /v2/store/inventory") return [200, { available: 3, sold: 1 }];
  if (route === "POST /v2/store/order") return [200, { ...(request.body as object), id: 5, status: "placed" }];
  return [404, { message: `nothing at ${route}` }];
}

const project = createDevProject(SERVER);
const typemcp = (...args: string[]) => runAsync(process.execPath, [TYPEMCP_CLI, ...args], { cwd: project.dir, allowFailure: true });
afterAll(() => project.remove());

describe("typemcp openapi on the Swagger Petstore and on GitHub's REST API", () => {
  const tools = path.join(project.dir, "compilers");
  let spec: { paths: Record<string, Record<string, unknown>>; components: { examples: Record<string, { value: Record<string, unknown> }> } };
  let said: { petstore: string; github: string };
  let petstoreApi: FakeApi;
  let githubApi: FakeApi;
  let session: StdioSession;

  beforeAll(async () => {
    fs.mkdirSync(tools);
    fs.writeFileSync(path.join(tools, "package.json"), '{ "name": "compilers", "private": true }\n');
    await Promise.all([
      runAsync("npm", ["install", "--save-dev", TYPESCRIPT["5.9"], TYPESCRIPT["7"]], { cwd: tools, env: npmEnv }),
      runAsync("npm", ["pack", "--silent", OCTOKIT_OPENAPI], { cwd: tools, env: npmEnv }),
    ]);
    // Only GitHub's own description of api.github.com, of the package's ten.
    await runAsync("tar", ["xzf", "octokit-openapi-23.0.2.tgz", "package/generated/api.github.com.json"], { cwd: tools });
    const githubSpec = path.join(tools, "package/generated/api.github.com.json");
    spec = JSON.parse(fs.readFileSync(githubSpec, "utf8"));
    const [petstoreRun, githubRun] = await Promise.all([
      typemcp("openapi", fromRoot("test/fixtures/openapi/petstore.json")),
      typemcp("openapi", githubSpec, "--operation", GITHUB_OPERATIONS.join(","), "--class", "GitHubTools", "--out", "src/github-tools.ts"),
    ]);
    said = { petstore: petstoreRun.stderr, github: githubRun.stderr };
    expect(petstoreRun.status, petstoreRun.stderr).toBe(0);
    expect(githubRun.status, githubRun.stderr).toBe(0);
    fs.writeFileSync(path.join(project.dir, "src/github.ts"), GITHUB_SUBCLASS);
    const build = await typemcp("build");
    expect(build.status, build.stderr).toBe(0);
    petstoreApi = await startFakeApi(petstore);
    githubApi = await startFakeApi(githubAnswer(spec));
    session = await connectToServer(path.join(project.dir, "dist", "server.js"), {
      SWAGGER_PETSTORE_BASE_URL: `${petstoreApi.url}/v2`,
      SWAGGER_PETSTORE_TOKEN: "petstore-token",
      SWAGGER_PETSTORE_API_KEY: "special-key",
      // Given to the subclass's constructor, so no call can reach the real api.github.com.
      GITHUB_API_URL: githubApi.url,
      GITHUB_TOKEN: "ghp_test",
    });
  }, 300_000);
  afterAll(async () => {
    await session?.close();
    await Promise.all([petstoreApi?.close(), githubApi?.close()]);
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await session.client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
    // A tool whose result is a bare string answers with its text alone (no structuredContent).
    return result.structuredContent ?? textOf(result);
  };

  test("writes a tool per operation that biome's recommended rules pass, skipping the Petstore's deprecated and multipart ones with the reason", async () => {
    expect(said.petstore).toContain("typemcp openapi: wrote src/swagger-petstore-tools.ts: class SwaggerPetstoreTools, 18 tool(s).");
    expect(said.petstore).toContain("  skipped findPetsByTags (GET /pet/findByTags): it is deprecated (--deprecated generates it too)");
    expect(said.petstore).toContain(
      "settings (environment): SWAGGER_PETSTORE_BASE_URL, SWAGGER_PETSTORE_TOKEN, SWAGGER_PETSTORE_API_KEY, SWAGGER_PETSTORE_TIMEOUT_MS",
    );
    expect(said.github).toContain(`typemcp openapi: wrote src/github-tools.ts: class GitHubTools, ${GITHUB_OPERATIONS.length} tool(s).`);
    expect(said.github).toContain(`settings (environment): ${GITHUB_ENV}_BASE_URL, ${GITHUB_ENV}_TIMEOUT_MS`);
    const files = ["src/swagger-petstore-tools.ts", "src/github-tools.ts"];
    const lint = await runAsync(fromRoot("node_modules/.bin/biome"), ["lint", "--error-on-warnings", ...files], { cwd: project.dir, allowFailure: true });
    expect(lint.status, `${lint.stdout}\n${lint.stderr}`).toBe(0);
    const { tools: listed } = await session.client.listTools();
    expect(listed).toHaveLength(18 + GITHUB_OPERATIONS.length);
    expect(listed.map((t) => t.name)).toEqual(expect.arrayContaining(["getPetById", "reposGet", "issuesListForRepo", "searchIssuesAndPullRequests"]));
  });

  test.each(Object.entries(TYPESCRIPT))("the project type-checks with TypeScript %s and every strict option", async (version) => {
    const bin = version === "5.9" ? "typescript/bin/tsc" : "typescript7/bin/tsc";
    const strict = ["--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--noImplicitOverride", "--noImplicitReturns"];
    const tsc = await runAsync(process.execPath, [path.join(tools, "node_modules", bin), "-p", "tsconfig.json", "--noEmit", ...strict], {
      cwd: project.dir,
      allowFailure: true,
    });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    expect(tsc.status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(tools, "node_modules", bin, "../../package.json"), "utf8"));
    expect(manifest.version).toMatch(version === "5.9" ? /^5\.9\./ : /^7\./);
  });

  test("Petstore: a path parameter and the API key header; a query array and the OAuth token; unlisted properties kept", async () => {
    expect(await call("getPetById", { petId: 7 })).toEqual(PET);
    expect(petstoreApi.requests.at(-1)).toMatchObject({ method: "GET", path: "/v2/pet/7", query: {}, headers: { api_key: "special-key" } });
    expect(petstoreApi.requests.at(-1)!.headers.authorization).toBeUndefined();
    const found = await call("findPetsByStatus", { status: ["available", "pending"] });
    expect(found).toEqual({ result: [PET, { ...PET, id: 8, status: "pending", nickname: "not in the spec" }] });
    expect(petstoreApi.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/v2/pet/findByStatus",
      query: { status: ["available", "pending"] },
      headers: { authorization: "Bearer petstore-token" },
    });
  });

  test("Petstore: a JSON body, a form body, a header parameter beside the token, a query of two fields, a map result", async () => {
    const pet = { name: "doggie", photoUrls: ["https://example.com/d.png"], category: { id: 1, name: "Dogs" }, status: "available" };
    expect(await call("addPet", { body: pet })).toBe("HTTP 200 OK");
    expect(petstoreApi.requests.at(-1)).toMatchObject({ method: "POST", path: "/v2/pet", contentType: "application/json", body: pet });
    await call("updatePetWithForm", { petId: 7, body: { name: "Rex", status: "sold" } });
    expect(petstoreApi.requests.at(-1)).toMatchObject({
      path: "/v2/pet/7",
      contentType: "application/x-www-form-urlencoded",
      body: { name: "Rex", status: "sold" },
    });
    await call("deletePet", { petId: 7, apiKey: "delete-key" });
    expect(petstoreApi.requests.at(-1)).toMatchObject({
      method: "DELETE",
      path: "/v2/pet/7",
      headers: { api_key: "delete-key", authorization: "Bearer petstore-token" },
    });
    expect(await call("loginUser", { username: "ada", password: "p&ss word" })).toBe("logged in user session:1234");
    expect(petstoreApi.requests.at(-1)).toMatchObject({ path: "/v2/user/login", query: { username: ["ada"], password: ["p&ss word"] } });
    expect(await call("getInventory", {})).toEqual({ available: 3, sold: 1 });
    const order = { petId: 7, quantity: 2, shipDate: "2026-12-24T10:00:00Z", complete: false };
    expect(await call("placeOrder", { body: order })).toEqual({ ...order, id: 5, status: "placed" });
    expect(petstoreApi.requests.at(-1)).toMatchObject({ method: "POST", path: "/v2/store/order", body: order });
  });

  test("GitHub: get a repository; its answer is the spec's own example, nested objects with properties their schemas do not list", async () => {
    const repo = (await call("reposGet", { owner: "octocat", repo: "Hello-World" })) as Record<string, unknown>;
    expect(repo).toMatchObject({ full_name: "octocat/Hello-World", language: "C", template_repository: { subscribers_count: 42 } });
    expect(githubApi.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/repos/octocat/Hello-World",
      query: {},
      headers: { authorization: "Bearer ghp_test", accept: "application/json" },
    });
  });

  test("GitHub: list issues with query filters, and search with a query of several words", async () => {
    const issues = (await call("issuesListForRepo", {
      owner: "octocat",
      repo: "Hello-World",
      state: "closed",
      labels: "bug,ui",
      since: "2026-01-01T00:00:00Z",
      perPage: 5,
    })) as {
      result: Array<{ number: number }>;
    };
    expect(issues.result.map((issue) => issue.number)).toEqual([1347]);
    expect(githubApi.requests.at(-1)).toMatchObject({ method: "GET", path: "/repos/octocat/Hello-World/issues" });
    expect(githubApi.requests.at(-1)!.query).toEqual({
      state: ["closed"],
      labels: ["bug,ui"],
      sort: ["created"],
      direction: ["desc"],
      since: ["2026-01-01T00:00:00Z"],
      per_page: ["5"],
      page: ["1"],
    });
    const found = (await call("searchIssuesAndPullRequests", { q: "repo:octocat/Hello-World is:open label:bug", order: "asc" })) as { total_count: number };
    expect(found.total_count).toBe(spec.components.examples["issue-search-result-item-paginated"]!.value.total_count);
    expect(githubApi.requests.at(-1)).toMatchObject({ path: "/search/issues", query: { q: ["repo:octocat/Hello-World is:open label:bug"], order: ["asc"] } });
  });

  test("GitHub: create an issue and add labels with JSON bodies, lock it (204), remove a label by an encoded name", async () => {
    const body = { title: "Found a bug", body: "It crashes.", labels: ["bug"], assignees: ["octocat"] };
    expect(await call("issuesCreate", { owner: "octocat", repo: "Hello-World", body })).toMatchObject({ number: 1347, title: "Found a bug" });
    expect(githubApi.requests.at(-1)).toMatchObject({ method: "POST", path: "/repos/octocat/Hello-World/issues", contentType: "application/json", body });
    const labels = { labels: ["bug", { name: "ui", rationale: "It is about the screen." }] };
    const added = (await call("issuesAddLabels", { owner: "octocat", repo: "Hello-World", issueNumber: 1347, body: labels })) as {
      result: Array<{ name: string }>;
    };
    expect(added.result.map((label) => label.name)).toEqual(["bug", "enhancement"]);
    expect(githubApi.requests.at(-1)).toMatchObject({ method: "POST", path: "/repos/octocat/Hello-World/issues/1347/labels", body: labels });
    expect(await call("issuesLock", { owner: "octocat", repo: "Hello-World", issueNumber: 1347, body: { lock_reason: "off-topic" } })).toBe(
      "HTTP 204 No Content",
    );
    expect(githubApi.requests.at(-1)).toMatchObject({ method: "PUT", path: "/repos/octocat/Hello-World/issues/1347/lock", body: { lock_reason: "off-topic" } });
    await call("issuesRemoveLabel", { owner: "octocat", repo: "Hello-World", issueNumber: 1347, name: "needs triage" });
    expect(githubApi.requests.at(-1)).toMatchObject({ method: "DELETE", path: "/repos/octocat/Hello-World/issues/1347/labels/needs%20triage" });
  });

  test("GitHub: an answer that lacks a property the spec requires is refused, naming it", async () => {
    // GitHub's own example for PATCH /repos/{owner}/{repo} has no has_discussions, which full-repository requires.
    const result = await session.client.callTool({ name: "reposUpdate", arguments: { owner: "octocat", repo: "Hello-World", body: { has_issues: false } } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("has_discussions: missing required property (expected boolean)");
    expect(githubApi.requests.at(-1)).toMatchObject({ method: "PATCH", path: "/repos/octocat/Hello-World", body: { has_issues: false } });
  });
});

// The spec's examples, but repos/get's with the `language` its schema requires and its example
// lacks, and a property its schema does not list where GitHub adds fields in time.
function githubAnswer(spec: Parameters<typeof answerFromSpec>[0] & { components: { examples: Record<string, { value: Record<string, unknown> }> } }) {
  const fromSpec = answerFromSpec(spec);
  return (request: SeenRequest): Answer => {
    if (request.method !== "GET" || request.path !== "/repos/octocat/Hello-World") return fromSpec(request);
    const example = spec.components.examples["full-repository-default-response"]!.value;
    const source = example.source as Record<string, unknown>;
    const template = example.template_repository as Record<string, unknown> | null;
    return [200, { ...example, language: "C", source: { ...source, language: null }, template_repository: { ...template, subscribers_count: 42 } }];
  };
}
