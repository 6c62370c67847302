// The SDK seam uses the SDK's public API only: no framework source names a member of an SDK
// object that starts with `_` (private or protected by the SDK's convention, free to change in
// any release), and only the runtime's SDK modules and the host's client seam import the SDK at all.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { McpServer, Server, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Every member starting with `_` of the SDK objects typemcp holds, own or inherited. */
function privateMembers(): Set<string> {
  const objects: object[] = [
    new Server({ name: "probe", version: "1" }),
    new McpServer({ name: "probe", version: "1" }),
    new Client({ name: "probe", version: "1" }),
    new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined }),
    new StdioServerTransport(),
    new StdioClientTransport({ command: "node" }),
  ];
  const names = new Set<string>();
  for (let object of objects) {
    for (; object && object !== Object.prototype; object = Object.getPrototypeOf(object)) {
      for (const name of Object.getOwnPropertyNames(object)) if (name.startsWith("_") && name !== "__proto__") names.add(name);
    }
  }
  return names;
}

// Code only: comments may name what the SDK keeps private, to say why it is not used.
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
}

/** The modules that import the MCP SDK: the runtime's seam, and the client seam the host and `typemcp/testing` share. */
const SDK_MODULES = [
  "host/client-seam.ts",
  "runtime/protocol-server.ts",
  "runtime/sdk/direct-door.ts",
  "runtime/sdk/input-required.ts",
  "runtime/sdk/protocol-types.ts",
  "runtime/sdk/request-state-codec.ts",
  "runtime/sdk/sdk-direct-call.ts",
  "runtime/sdk/sdk-http.ts",
  "runtime/sdk/sdk-lane-2026.ts",
  "runtime/sdk/sdk-server-of.ts",
  "runtime/sdk/sdk-server.ts",
  "runtime/sdk/sdk-stdio.ts",
  "runtime/sdk/serve-directly.ts",
  "runtime/sdk/wire-auth.ts",
  "runtime/skills/sdk-skills.ts",
];

/**
 * Protected members the SDK documents as hooks for its subclasses, each overridden in one place
 * only. `_wrapHandler`: "Hook for subclasses to wrap a registered request handler with
 * role-specific validation or behavior" (the SDK's `Protocol`, which its own `Server` overrides).
 */
const SUBCLASS_HOOKS = new Map([["_wrapHandler", "runtime/sdk/sdk-server.ts"]]);

describe("the SDK seam", () => {
  test("only the SDK modules import the MCP SDK (server, client or core), statically or on first use; everything else imports them", () => {
    const importers = sourceFiles(SRC)
      .filter((file) =>
        /(?:from\s*|import\(\s*)["']@modelcontextprotocol\/(?:server|client|core)(?:\/[^"']*)?["']/.test(withoutComments(fs.readFileSync(file, "utf8"))),
      )
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
      .sort();
    expect(importers).toEqual(SDK_MODULES);
  });

  test("no framework source reaches an SDK member whose name starts with _", () => {
    const members = privateMembers();
    // The members the seam once patched are among those looked for, so the check cannot pass empty.
    for (const known of ["_onrequest", "_requestHandlers", "_wrapHandler", "_transport"]) expect(members).toContain(known);
    // As a member: `x._name`, `x?._name`, `x["_name"]`, `Reflect.get(x, "_name")`, `{ _name }` (a
    // destructuring or a cast's type); a local of the same name (`transport: _transport`) is not one.
    const names = [...members]
      .filter((name) => !SUBCLASS_HOOKS.has(name))
      .map((name) => name.replace(/\$/g, "\\$"))
      .join("|");
    const pattern = new RegExp(`(?:\\.|["'\`]|[{,]\\s*)(${names})(?![\\w$])`, "g");
    const reaches: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const lines = withoutComments(fs.readFileSync(file, "utf8")).split("\n");
      lines.forEach((line, i) => {
        for (const match of line.matchAll(pattern)) reaches.push(`${path.relative(SRC, file)}:${i + 1}: ${match[1]}`);
      });
    }
    expect(reaches).toEqual([]);
  });

  // What issue #48 removed: replaced `send`/`onmessage` on a connected SDK transport, a patched
  // schema. A transport of ours in front of an SDK one (transport-in-front.ts) sets the callbacks of
  // the one it carries before starting it, as the SDK's own API has every owner do; the SDK
  // server's `onclose` is a callback it documents for its owner.
  test("no framework source replaces a member of an object it does not own, beyond the callbacks an owner sets", () => {
    const allowed = new Map([
      ["runtime/sdk/transport-in-front.ts", ["onmessage", "onclose", "onerror"]],
      // The stdio connection's front owns the stdio transport behind it: it sets its callbacks before
      // starting it (its early answers), and again, as a transport in front, when the SDK connects.
      ["transports/stdio-handover.ts", ["onmessage", "onclose", "onerror"]],
      ["runtime/protocol-server.ts", ["onclose"]],
      // The protocol server is ours (protocol-server.ts); its owner hears of its end.
      ["runtime/server-app.ts", ["onclose"]],
      // Code mode's sandbox starts a Worker (a Web API, no SDK object) and hears its errors and messages.
      ["host/code-mode/deno-pool.ts", ["onerror"]],
      ["host/code-mode/sandbox-prelude.ts", ["onmessage"]],
    ]);
    const assigned: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join("/");
      const lines = withoutComments(fs.readFileSync(file, "utf8")).split("\n");
      lines.forEach((line, i) => {
        for (const match of line.matchAll(
          /\b(?!this\b)[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\.(send|start|close|onmessage|onclose|onerror|safeParse|parse|handleRequest)\s*=(?!=)/g,
        )) {
          if (!allowed.get(relative)?.includes(match[1]!)) assigned.push(`${relative}:${i + 1}: ${match[0]}`);
        }
      });
    }
    expect(assigned).toEqual([]);
  });

  test("a subclass hook is overridden where the list says, and only overridden there", () => {
    for (const [hook, home] of SUBCLASS_HOOKS) {
      // Still a method of the SDK's Server, or the override would silently never run.
      expect(typeof (Server.prototype as unknown as Record<string, unknown>)[hook]).toBe("function");
      const uses: string[] = [];
      for (const file of sourceFiles(SRC)) {
        const code = withoutComments(fs.readFileSync(file, "utf8"));
        for (const line of code.split("\n")) if (line.includes(hook)) uses.push(`${path.relative(SRC, file).split(path.sep).join("/")}: ${line.trim()}`);
      }
      expect(uses.length).toBe(2);
      for (const use of uses) expect(use).toMatch(new RegExp(`^${home}: (?:protected override ${hook}\\(|.*super\\.${hook}\\()`));
    }
  });
});
