import { describe, expect, test } from "vitest";
import { typemcp } from "./support/host-cli.js";
import { fromRoot } from "./support/paths.js";
import { TWO_ERA_SERVER } from "./support/two-era-server.js";

const STRICT_2025_SERVER = fromRoot("test/fixtures/strict-2025-server.mjs");

describe("typemcp --protocol", () => {
  test("2025-11-25 opens with initialize and sends no server/discover, even to a server that speaks 2026-07-28", async () => {
    const run = await typemcp(["list", "--protocol", "2025-11-25", "--verbose", "--", process.execPath, TWO_ERA_SERVER]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain("[two-era] protocol 2025-11-25 (initialize handshake: --protocol 2025-11-25)\n");
    expect(run.stderr).not.toContain('"server/discover"');
  });

  test("2026-07-28 fails a server that does not speak it, saying so, with no fallback", async () => {
    const run = await typemcp(["list", "--protocol", "2026-07-28", "--timeout", "10000", "--", process.execPath, STRICT_2025_SERVER, "--exit"]);
    expect(run.status).toBe(3);
    expect(run.stderr).toMatch(
      /^typemcp: Could not connect to server ".*strict-2025-server\.mjs --exit" during server\/discover: Version negotiation failed: .*pinned protocol version 2026-07-28 \(no fallback in pin mode\)\n$/,
    );
  });

  test("refuses a version it does not know before starting anything", async () => {
    const run = await typemcp(["call", "ping", "--protocol", "2024-11-05", "--", process.execPath, STRICT_2025_SERVER]);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, "", 'typemcp: --protocol takes auto, 2026-07-28, 2025-11-25; got "2024-11-05".\n']);
  });
});
