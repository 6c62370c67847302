import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectServer, type ServerConnection } from "typemcp/host";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

// A host's cancel reaches the tool over Streamable HTTP in both eras: 2026-07-28 by closing the
// request's own stream (the SDK client does so only when the transport says it has one, through
// typemcp's wire-log transport in front of it), 2025-11-25 with notifications/cancelled in the session.
// The contract fixture (built by test/contract-setup.ts): its `wait` reports progress once started
// and `waitOutcome` says how the last wait ended.

const TOKEN = "host-cancel-token";
let server: HttpServerProcess;
beforeAll(async () => {
  server = await startHttpServer(fromRoot("test/fixtures/contract/dist/contract.js"), [], { MCP_AUTH_TOKEN: TOKEN });
});
afterAll(() => server?.stop());

describe("a host cancelling a call over HTTP", () => {
  for (const protocol of ["2026-07-28", "2025-11-25"] as const) {
    test(`${protocol}: the tool's signal aborts`, async () => {
      const connection: ServerConnection = await connectServer(
        { kind: "http", name: "contract", url: server.url, headers: { Authorization: `Bearer ${TOKEN}` } },
        { timeoutMs: 30_000, clientName: "test", clientVersion: "1.0.0", protocol },
      );
      try {
        expect(connection.era.protocolVersion).toBe(protocol);
        const controller = new AbortController();
        const called = connection.call("wait", { ms: 20_000 }, { signal: controller.signal, onprogress: () => controller.abort("the user stopped it") });
        await expect(called).rejects.toThrow();
        const outcome = async () => ((await connection.call("waitOutcome", {})).content ?? []).map((c) => ("text" in c ? c.text : "")).join("");
        await expect.poll(outcome, { timeout: 10_000, interval: 100 }).toBe("cancelled");
      } finally {
        await connection.close();
      }
    });
  }
});
