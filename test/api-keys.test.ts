import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startHttpServer } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";
import { request2026 } from "./support/request-2026.js";
import { installRuntimes, startUnder } from "./support/runtimes.js";

// API keys beside the shared token: each key a caller of its own (`key:<name>`) with its scopes,
// from a file on Node (--api-keys) and from MCP_API_KEYS on workerd. The contract fixture (built
// by test/contract-setup.ts) runs as itself; its `secret` tool needs the scope contract:admin.

const DIST = fromRoot("test/fixtures/contract/dist");
const ADMIN_KEY = "admin-0123456789abcdef0123456789abcdef";
const READER_KEY = "reader-0123456789abcdef0123456789abcd";
const KEYS = [
  // The admin key by its digest only: the configuration never holds it.
  { name: "deploy-bot", sha256: createHash("sha256").update(ADMIN_KEY).digest("hex"), scopes: ["contract:admin"] },
  { name: "reader", key: READER_KEY },
];
const workerd = installRuntimes().workerd;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-api-keys-"));
  fs.writeFileSync(path.join(dir, "keys.json"), JSON.stringify(KEYS));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const PLATFORMS = [
  {
    id: "Node, --api-keys FILE",
    missing: undefined,
    start: () => startHttpServer(`${DIST}/contract.js`, ["--api-keys", path.join(dir, "keys.json")], { MCP_AUTH_TOKEN: "shared-token-of-the-old-kind" }),
  },
  {
    id: "workerd, MCP_API_KEYS",
    missing: "missing" in workerd ? workerd.missing : undefined,
    start: () =>
      startUnder("workerd", (workerd as { bin: string }).bin, `${DIST}/contract.workers.js`, 30_000, {
        MCP_API_KEYS: JSON.stringify(KEYS),
        MCP_AUTH_TOKEN: "shared-token-of-the-old-kind",
      }),
  },
];

for (const platform of PLATFORMS) {
  describe.skipIf(platform.missing !== undefined)(`API keys on ${platform.id}`, () => {
    let server: { url: string; stop(): Promise<void> };
    beforeAll(async () => {
      server = await platform.start();
    }, 60_000);
    afterAll(() => server?.stop());

    const send = (key: string, method: string, params: Record<string, unknown>) =>
      fetch(request2026(server.url, method, params, { headers: { Authorization: `Bearer ${key}` } }));
    const result = async (key: string, name: string) => ((await (await send(key, "tools/call", { name, arguments: {} })).json()) as { result: any }).result;

    test("each key is a caller of its own, named by the key's name, and the shared token still works", async () => {
      expect((await result(ADMIN_KEY, "whoami")).structuredContent).toEqual({ key: "key:deploy-bot", countKey: "key:deploy-bot" });
      expect((await result(READER_KEY, "whoami")).structuredContent).toEqual({ key: "key:reader", countKey: "key:reader" });
      expect((await result("shared-token-of-the-old-kind", "whoami")).structuredContent.key).toMatch(/^address:/);
    });

    test("a key reaches what its scopes allow: the admin key calls secret, the reader neither sees nor calls it", async () => {
      expect((await result(ADMIN_KEY, "secret")).content).toEqual([{ type: "text", text: "the secret" }]);
      const listed = (await (await send(READER_KEY, "tools/list", {})).json()) as { result: { tools: Array<{ name: string }>; cacheScope?: string } };
      expect(listed.result.tools.map((t) => t.name)).not.toContain("secret");
      // The list differs by caller, so no cache may hand it to another.
      expect(listed.result.cacheScope).toBe("private");
      const refused = await send(READER_KEY, "tools/call", { name: "secret", arguments: {} });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("www-authenticate")).toMatch(/error="insufficient_scope", scope="contract:admin"/);
    });

    test("a key it does not hold, or none, is refused with the bearer challenge", async () => {
      for (const refused of [await send(`${ADMIN_KEY}0`, "tools/list", {}), await fetch(request2026(server.url, "tools/list", {}))]) {
        expect(refused.status).toBe(401);
        expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer realm="mcp"/);
      }
    });
  });
}

test("a key file that would let a key be guessed stops the server at start-up, naming the file and the key", async () => {
  const file = path.join(dir, "short.json");
  fs.writeFileSync(file, JSON.stringify([{ name: "ci", key: "password" }]));
  await expect(startHttpServer(`${DIST}/contract.js`, ["--api-keys", file])).rejects.toThrow(
    `${file}[0].key (key "ci") must be at least 32 characters: a short key can be guessed.`,
  );
});

test("--api-keys without a file stops the server rather than leaving it open", async () => {
  await expect(startHttpServer(`${DIST}/contract.js`, ["--api-keys"])).rejects.toThrow("--api-keys needs the file of keys: --api-keys keys.json.");
});
