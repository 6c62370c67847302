import os from "node:os";
import { describe, expect, test } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { startHttpServer } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

const WEATHER_SERVER = fromRoot("packages/weather-server/dist/weather.js");
const UI = "io.modelcontextprotocol/ui";
const MIME = "text/html;profile=mcp-app";

type Era = "2025-11-25" | "2026-07-28";

// What the server declared to this client: at initialize (2025), in its server/discover answer (2026).
async function serverExtensions(client: Client, era: Era): Promise<Record<string, unknown> | undefined> {
  if (era === "2025-11-25") return client.getServerCapabilities()?.extensions;
  const discovered = (await client.request({ method: "server/discover", params: {} })) as { capabilities: { extensions?: Record<string, unknown> } };
  return discovered.capabilities.extensions;
}

// The official v2 client in one era, declaring the MCP Apps extension as a host that renders views does, or not.
async function connectWeather(era: Era, views: boolean): Promise<Client> {
  const client = new Client(
    { name: "typemcp-views-test", version: "1.0.0" },
    {
      versionNegotiation: { mode: era === "2025-11-25" ? "legacy" : { pin: "2026-07-28" } },
      ...(views ? { capabilities: { extensions: { [UI]: { mimeTypes: [MIME] } } } } : {}),
    },
  );
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [WEATHER_SERVER],
      cwd: os.tmpdir(),
      env: { ...process.env, NWS_USER_AGENT: "typemcp-tests (ops@example.test)" } as Record<string, string>,
      stderr: "pipe",
    }),
  );
  return client;
}

// The built weather server declares a view on get_forecast (packages/weather-server/views/forecast.ts).
describe("a tool's view is served only to clients that take MCP Apps", () => {
  for (const era of ["2025-11-25", "2026-07-28"] as const) {
    test(`a ${era} client declaring the extension sees _meta.ui, the extension and the ui:// page`, async () => {
      const client = await connectWeather(era, true);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(era);
        expect((await serverExtensions(client, era))?.[UI]).toEqual({});
        const { tools } = await client.listTools();
        const forecast = tools.find((t) => t.name === "get_forecast")!;
        expect(forecast._meta).toEqual({ ui: { resourceUri: "ui://weather/get_forecast" }, "ui/resourceUri": "ui://weather/get_forecast" });
        expect(tools.find((t) => t.name === "get_alerts")!._meta).toBeUndefined();
        const { resources } = await client.listResources();
        expect(resources).toEqual([expect.objectContaining({ uri: "ui://weather/get_forecast", mimeType: MIME })]);
        const { contents } = await client.readResource({ uri: "ui://weather/get_forecast" });
        const page = contents[0] as { uri: string; mimeType: string; text: string };
        expect(page).toMatchObject({ uri: "ui://weather/get_forecast", mimeType: MIME });
        // One self-contained page: no script or stylesheet fetched from anywhere.
        expect(page.text).toMatch(/^<!doctype html>/);
        expect(page.text).toContain("getForecast");
        expect(page.text).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
      } finally {
        await client.close();
      }
    });

    test(`a ${era} client without the extension sees no view metadata, no extension and no ui:// resource`, async () => {
      const client = await connectWeather(era, false);
      try {
        expect((await serverExtensions(client, era))?.[UI]).toBeUndefined();
        const { tools } = await client.listTools();
        expect(tools.map((t) => t._meta)).toEqual([undefined, undefined]);
        expect((await client.listResources()).resources).toEqual([]);
        await expect(client.readResource({ uri: "ui://weather/get_forecast" })).rejects.toThrow(/Resource not found/);
      } finally {
        await client.close();
      }
    });
  }
});

// A stateless server answers each request with a protocol server that never saw the client's
// initialize: it offered the extension there, so it serves the views on every later request.
describe("a 2025-11-25 host on a --stateless server", () => {
  test("sees _meta.ui on a tool with a view, the ui:// resource and its page, as initialize advertised", async () => {
    const server = await startHttpServer(WEATHER_SERVER, ["--stateless"], { NWS_USER_AGENT: "typemcp-tests (ops@example.test)" });
    const client = new Client(
      { name: "typemcp-views-test", version: "1.0.0" },
      { versionNegotiation: { mode: "legacy" }, capabilities: { extensions: { [UI]: { mimeTypes: [MIME] } } } },
    );
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
      expect(client.getServerCapabilities()?.extensions?.[UI]).toEqual({});
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === "get_forecast")!._meta).toEqual({
        ui: { resourceUri: "ui://weather/get_forecast" },
        "ui/resourceUri": "ui://weather/get_forecast",
      });
      expect((await client.listResources()).resources).toEqual([expect.objectContaining({ uri: "ui://weather/get_forecast", mimeType: MIME })]);
      const { contents } = await client.readResource({ uri: "ui://weather/get_forecast" });
      expect(contents[0]).toMatchObject({ uri: "ui://weather/get_forecast", mimeType: MIME, text: expect.stringMatching(/^<!doctype html>/) });
    } finally {
      await client.close();
      await server.stop();
    }
  });
});
