import { describe, expect, test } from "vitest";
import { FIXTURE_TOOLS } from "./__fixtures__/mcp-tools.js";
import { HostError } from "../errors/host-error.js";
import type { ToolCaller } from "./mcp-tool.js";
import { ToolRouter, type RouterServer } from "./tool-router.js";

function recordingCaller(): ToolCaller & { calls: unknown[] } {
  const calls: unknown[] = [];
  return { calls, callTool: async (params) => (calls.push(params), { content: [{ type: "text", text: "ok" }] }) };
}

const calc = recordingCaller();
const everything = recordingCaller();
const servers: RouterServer[] = [
  { name: "calc", tools: [FIXTURE_TOOLS.divide!, FIXTURE_TOOLS.search!], caller: calc },
  { name: "mcp-servers/everything", tools: [{ ...FIXTURE_TOOLS.noArgs!, name: "get.sum" }, FIXTURE_TOOLS.tree!], caller: everything },
];

function thrown(run: () => unknown): HostError {
  try {
    run();
  } catch (error) {
    if (error instanceof HostError) return error;
    throw error;
  }
  throw new Error("did not throw");
}

describe("ToolRouter", () => {
  test("offers every server's tools under qualified, provider-safe names", () => {
    const router = new ToolRouter(servers, { provider: "anthropic" });
    expect(router.tools().map((t) => t.name)).toEqual(["calc__divide", "calc__search", "mcp-servers_everything__get_sum", "mcp-servers_everything__sum_tree"]);
  });

  test("writes each provider's format", () => {
    const chat = new ToolRouter(servers, { provider: "openai-chat" }).definition("calc__divide");
    const responses = new ToolRouter(servers, { provider: "openai-responses" }).definition("calc__divide");
    expect(chat).toMatchObject({ type: "function", function: { name: "calc__divide", strict: true } });
    expect(responses).toMatchObject({ type: "function", name: "calc__divide", strict: true });
  });

  test("sends names and first sentences first, and a full definition when one is picked", () => {
    const router = new ToolRouter(servers, { provider: "openai-responses" });
    expect(router.summaries()[0]).toEqual({ name: "calc__divide", description: "Divide a by b and return the quotient (a ÷ b)." });
    const picked = router.definition("calc__divide");
    expect(picked.description).toBe(FIXTURE_TOOLS.divide!.description);
    expect(router.definition("calc__divide")).toBe(picked);
  });

  test("routes a call to the owning server under the tool's own name, from JSON text or an object", async () => {
    const router = new ToolRouter(servers, { provider: "anthropic" });
    expect(router.resolve("mcp-servers_everything__get_sum", '{"a": 1}')).toEqual({
      server: "mcp-servers/everything",
      tool: "get.sum",
      qualifiedName: "mcp-servers/everything__get.sum",
      arguments: { a: 1 },
    });
    await router.call("calc__divide", { a: 1, b: 2 });
    expect(calc.calls.at(-1)).toEqual({ name: "divide", arguments: { a: 1, b: 2 } });
    expect(router.resolve("calc__divide", "").arguments).toEqual({});
  });

  test("drops the nulls OpenAI strict mode makes the model send for left-out optional properties", () => {
    const router = new ToolRouter(servers, { provider: "openai-chat" });
    const args = { query: "maps", limit: null, order: null, opts: { flag: true, depth: null }, tags: null, since: null, note: null };
    expect(router.resolve("calc__search", JSON.stringify(args)).arguments).toEqual({ query: "maps", opts: { flag: true }, note: null });
    expect(new ToolRouter(servers, { provider: "openai-chat", strict: false }).resolve("calc__search", args).arguments).toEqual(args);
  });

  test("neither offers nor calls what the policy refuses", () => {
    const router = new ToolRouter(servers, { provider: "anthropic", policy: { deny: ["calc__s*"] } });
    expect(router.summaries().map((s) => s.name)).not.toContain("calc__search");
    expect(thrown(() => router.resolve("calc__search", {})).code).toBe("HOST_TOOL_NOT_FOUND");
  });

  test("asks before each call and refuses when not approved", async () => {
    const router = new ToolRouter(servers, { provider: "anthropic", approve: (call) => call.tool !== "divide" });
    await expect(router.call("calc__divide", {})).rejects.toMatchObject({ code: "HOST_CALL_REFUSED", exitCode: 4 });
  });

  test("names the tools there are when asked for one that is not", () => {
    const error = thrown(() => new ToolRouter(servers, { provider: "anthropic" }).definition("calc__modulo"));
    expect(error.message).toBe(
      'No tool named "calc__modulo". Tools: calc__divide, calc__search, mcp-servers_everything__get_sum, mcp-servers_everything__sum_tree.',
    );
  });

  test("refuses arguments that are not a JSON object", () => {
    const router = new ToolRouter(servers, { provider: "anthropic" });
    expect(thrown(() => router.resolve("calc__divide", "{oops")).code).toBe("HOST_ARGUMENT_INVALID");
    expect(thrown(() => router.resolve("calc__divide", [1])).code).toBe("HOST_ARGUMENT_INVALID");
  });
});
