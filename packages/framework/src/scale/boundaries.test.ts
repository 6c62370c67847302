import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("..", import.meta.url));
const STATIC_IMPORT = /(?:import|export)\s[^"'()]*?from\s*["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("__") ? [] : sourceFiles(relative);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [relative] : [];
  });
}

describe("scale-out boundaries", () => {
  test("only scale/redis-connection.ts loads the Redis client, and only on demand", () => {
    const everything = ["cli", "decorators", "errors", "host", "runtime", "scale", "serve", "transports"].flatMap(sourceFiles);
    const mentions = everything.filter((file) => /["']ioredis["']/.test(fs.readFileSync(path.join(SRC, file), "utf8")));
    expect(mentions).toEqual([path.join("scale", "redis-connection.ts")]);
    const source = fs.readFileSync(path.join(SRC, "scale", "redis-connection.ts"), "utf8");
    expect([...source.matchAll(STATIC_IMPORT)].map((m) => m[1])).not.toContain("ioredis");
  });

  test("nothing outside scale/ imports scale/ statically: servers without Redis never load it", () => {
    const outside = ["cli", "decorators", "errors", "runtime", "serve", "transports"].flatMap(sourceFiles).concat("index.ts");
    const importers = outside.filter((file) =>
      [...fs.readFileSync(path.join(SRC, file), "utf8").matchAll(STATIC_IMPORT)].some((m) => /(^|\/)scale\//.test(m[1]!) && !/^import type/.test(m[0])),
    );
    expect(importers).toEqual([]);
  });
});
