import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { Hono } from "hono";
import { Client as Client2025 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpTransport2025 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { toFetchHandler, toNodeHandler, type AuthInfo } from "typemcp";
import { TicketTools } from "../fixtures/src/ticket-tools.js";

// The recipes of docs/platforms.md's "Mount it in an app": the handler on a route of an Express 5 app (on
// 127.0.0.1) and of a Hono app (its own fetch), behind the app's own authentication, which
// hands tools the caller as ctx.auth. Both eras' official clients call through each.

// The app's own users: an API key each (what an app's auth middleware would look up).
const USERS: Record<string, AuthInfo> = {
  "key-ada": { subject: "ada", clientId: "app", scopes: ["tickets:read"], claims: { sub: "ada", iss: "https://app.example" }, expiresAt: undefined },
};
const userOf = (authorization: string | null | undefined) => USERS[/^Bearer (\S+)$/.exec(authorization ?? "")?.[1] ?? ""];

type Answer = { url: string; fetch?: typeof fetch };

async function callAs(era: "2025-11-25" | "2026-07-28", { url, fetch }: Answer, key: string) {
  const init = { requestInit: { headers: { Authorization: `Bearer ${key}` } }, ...(fetch ? { fetch } : {}) };
  const client =
    era === "2026-07-28"
      ? new Client({ name: "mount", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
      : new Client2025({ name: "mount", version: "0" });
  await client.connect((era === "2026-07-28" ? new StreamableHTTPClientTransport(new URL(url), init) : new HttpTransport2025(new URL(url), init)) as never);
  try {
    const whoami = await client.callTool({ name: "whoami", arguments: {} });
    const tickets = await client.callTool({ name: "listTickets", arguments: {} });
    return { whoami: whoami.structuredContent, tickets: tickets.structuredContent };
  } finally {
    await client.close();
  }
}

const EXPECTED = {
  whoami: { owner: "ada", clientId: "app", issuer: "https://app.example" },
  tickets: { tickets: ["T-1: printer on fire"], subject: "ada", scopes: ["tickets:read"] },
};

describe("Express 5: toNodeHandler on a route, behind the app's auth middleware", () => {
  const mcp = toFetchHandler(new TicketTools(), { name: "tickets", version: "1.0.0", http: { path: "/api/mcp", stateless: true } });
  let http: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    const requireUser = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
      const user = userOf(req.headers.authorization);
      if (!user) return void res.status(401).json({ error: "who are you?" });
      res.locals.user = user;
      next();
    };
    app.all(
      "/api/mcp",
      requireUser,
      toNodeHandler(mcp, (req: ExpressRequest) => ({ auth: (req.res as ExpressResponse).locals.user as AuthInfo })),
    );
    app.get("/api/other", (_req, res) => void res.json({ other: true }));
    http = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => http.once("listening", resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/mcp`;
  });
  afterAll(async () => {
    await mcp.close();
    await new Promise((resolve) => http.close(resolve));
  });

  for (const era of ["2025-11-25", "2026-07-28"] as const) {
    test(`a ${era} client's tools get the app's user as ctx.auth`, async () => {
      expect(await callAs(era, { url }, "key-ada")).toEqual(EXPECTED);
    });
  }

  test("the app's middleware refuses an unknown key before MCP sees it; other routes are the app's", async () => {
    await expect(callAs("2026-07-28", { url }, "key-eve")).rejects.toThrow();
    expect(await (await fetch(url.replace("/mcp", "/other"))).json()).toEqual({ other: true });
  });
});

describe("Hono: handle() on a route, behind the app's auth middleware", () => {
  const mcp = toFetchHandler(new TicketTools(), { name: "tickets", version: "1.0.0", http: { stateless: true } });
  const app = new Hono<{ Variables: { user: AuthInfo } }>();
  app.use("/mcp", async (c, next) => {
    const user = userOf(c.req.header("authorization"));
    if (!user) return c.json({ error: "who are you?" }, 401);
    c.set("user", user);
    return next();
  });
  app.all("/mcp", (c) => mcp.handle(c.req.raw, { auth: c.get("user") }));
  // The app's fetch, as Workers, Deno or Bun call it, here called by the clients directly.
  const answer: Answer = { url: "http://127.0.0.1/mcp", fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))) };
  afterAll(() => mcp.close());

  for (const era of ["2025-11-25", "2026-07-28"] as const) {
    test(`a ${era} client's tools get the app's user as ctx.auth`, async () => {
      expect(await callAs(era, answer, "key-ada")).toEqual(EXPECTED);
    });
  }

  test("the app's middleware refuses an unknown key before MCP sees it", async () => {
    await expect(callAs("2025-11-25", answer, "key-eve")).rejects.toThrow();
  });
});
