import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("..", import.meta.url));
const IMPORT = /(?:import|export)\s[^"']*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string): string[] {
  return [...fs.readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!);
}

// The source files reachable from `entry` through relative imports (`./x.js` is `./x.ts`).
function sourceGraph(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith(".")) queue.push(path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")));
    }
  }
  return [...seen].map((file) => path.relative(SRC, file));
}

// Every non-test source file of the host side and the CLI, relative to src/.
function hostFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith("__") ? [] : walk(relative);
      return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [relative] : [];
    });
  return ["host", "cli"].flatMap(walk);
}

describe("host-side boundaries", () => {
  test("only host/client-seam.ts imports the client SDK, or any MCP SDK at all, on the host side", () => {
    const files = hostFiles();
    const importers = files.filter((file) => importsOf(path.join(SRC, file)).some((s) => s.startsWith("@modelcontextprotocol/")));
    expect(importers).toEqual([path.join("host", "client-seam.ts")]);
    expect(
      importsOf(path.join(SRC, "host", "client-seam.ts"))
        .filter((s) => s.startsWith("@modelcontextprotocol/"))
        .sort(),
    ).toEqual(["@modelcontextprotocol/client", "@modelcontextprotocol/client/ext/skills", "@modelcontextprotocol/client/stdio"]);
  });

  test("each model provider's SDK is imported by one module of its own", () => {
    const importersOf = (pkg: string) => hostFiles().filter((file) => importsOf(path.join(SRC, file)).some((s) => s === pkg || s.startsWith(`${pkg}/`)));
    expect(importersOf("@anthropic-ai/sdk")).toEqual([path.join("host", "models", "anthropic-model.ts")]);
    expect(importersOf("openai")).toEqual([path.join("host", "models", "openai-model.ts")]);
    expect(importersOf("@google/genai")).toEqual([path.join("host", "models", "gemini-model.ts")]);
  });

  test("the package entry a server imports never reaches the chat loop or a model adapter", () => {
    const reached = sourceGraph(path.join(SRC, "index.ts"));
    expect(reached.filter((file) => file.startsWith(path.join("host", "models")) || file.startsWith(path.join("host", "chat")))).toEqual([]);
  });

  test("the runtime never reaches host-side code", () => {
    const reached = sourceGraph(path.join(SRC, "serve", "serve.ts"));
    expect(reached).toContain(path.join("runtime", "create-server.ts"));
    expect(reached.filter((file) => file.startsWith(`host${path.sep}`) || file.startsWith(`cli${path.sep}`))).toEqual([]);
  });

  test("the package entry a server imports reaches no host-side code; the adapters are in typemcp/providers", () => {
    expect(sourceGraph(path.join(SRC, "index.ts")).filter((file) => file.startsWith(`host${path.sep}`))).toEqual([]);
    expect(sourceGraph(path.join(SRC, "host", "providers.ts"))).toContain(path.join("host", "tool-router.ts"));
  });
});

describe("layering", () => {
  // index.ts re-exports every folder; the graph below it must flow one way.
  const files = fs
    .readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.includes("__fixtures__") && f !== "index.ts");
  const folderOf = (file: string) => path.dirname(file);
  const targetsOf = (file: string) =>
    importsOf(path.join(SRC, file))
      .filter((s) => s.startsWith("."))
      .map((s) => path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), s.replace(/\.js$/, ".ts"))));

  // A folder and a folder inside it share their files freely (host/chat uses host/tool-router.ts,
  // host/index.ts re-exports host/chat); two folders side by side, at any depth, import one way.
  const nested = (a: string, b: string) => a === "." || b === "." || a.startsWith(`${b}${path.sep}`) || b.startsWith(`${a}${path.sep}`);

  test("no folder imports, directly or through others, a folder that imports it", () => {
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      for (const target of targetsOf(file)) {
        const [from, to] = [folderOf(file), folderOf(target)];
        if (from !== to && !nested(from, to)) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(findCycle(edges)).toEqual([]);
  });

  test("no source file imports, directly or through others, a file that imports it", () => {
    const edges = new Map(files.map((file) => [file, new Set(targetsOf(file))]));
    expect(findCycle(edges)).toEqual([]);
  });
});

// The first cycle found, as the path that closes it; [] when the graph is acyclic.
function findCycle(edges: Map<string, Set<string>>): string[] {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    if (done.has(node)) return [];
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle.length) return cycle;
    }
    done.add(node);
    return [];
  };
  for (const node of edges.keys()) {
    const cycle = visit(node, []);
    if (cycle.length) return cycle;
  }
  return [];
}
