import { EventEmitter } from "node:events";
import fs from "node:fs";
import { type Answer, type SeenRequest, startFakeApi } from "./fake-spec-apis.js";
import { fromRoot } from "./paths.js";

/** The fake library and helpdesk APIs of test/fixtures/openapi, on 127.0.0.1. */
export interface FakeRestApis {
  /** `http://127.0.0.1:PORT`: the library is under /v1, the helpdesk under /helpdesk. */
  readonly url: string;
  readonly requests: SeenRequest[];
  /**
   * Resolves when a request for GET /v1/books/SL-0001 (a book the library never answers for)
   * arrives, with a promise of its connection closing: what a cancelled call does to it.
   */
  nextHangingRequest(): Promise<{ closed: Promise<void> }>;
  close(): Promise<void>;
}

/** A book as the library answers it: with a property its spec does not list (shelf), as real APIs do. */
export const DUNE = { id: "FI-0001", title: "Dune", authors: [{ name: "Frank Herbert", born: 1920 }], genre: "fiction", published: "1965-08-01", shelf: "B3" };

const TICKET = { id: 7, subject: "Printer on fire", status: "open", assignee: null, comments: [{ author: { email: "ada@example.com" }, text: "Again?" }] };

/** Starts both APIs on an ephemeral port; each request is recorded before it is answered. */
export async function startFakeRestApis(): Promise<FakeRestApis> {
  const hanging = new EventEmitter();
  const api = await startFakeApi((request, connection) => {
    if (request.path !== "/v1/books/SL-0001") return route(request);
    hanging.emit("request", connection);
    return undefined;
  });
  return { ...api, nextHangingRequest: () => new Promise((resolve) => hanging.once("request", resolve)) };
}

function route(request: SeenRequest): Answer {
  const { method, path } = request;
  const authorization = request.headers.authorization;
  // The library's own spec, as an API publishes it, for typemcp openapi URL.
  if (path === "/openapi.yaml") return [200, fs.readFileSync(fromRoot("test/fixtures/openapi/library.yaml"), "utf8"), "text/plain"];
  if (path === "/v1/health" && method === "GET") return [200, "ok", "text/plain"];
  if (path.startsWith("/v1/") && authorization !== "Bearer library-token") return [401, { error: "who are you?" }];
  if (path.startsWith("/helpdesk/") && request.headers["x-api-key"] !== "helpdesk-key") return [401, { error: "no key" }];
  if (path === "/v1/books" && method === "GET") return [200, { books: [DUNE], total: 1 }];
  if (path === "/v1/books" && method === "POST") return [201, { ...(request.body as object), id: "HI-0042" }];
  if (path === "/v1/books/FI-0001" && method === "GET") return [200, DUNE];
  const loan = /^\/v1\/books\/([^/]+)\/loans$/.exec(path);
  if (loan && method === "POST")
    return [201, { bookId: decodeURIComponent(loan[1]!), memberId: (request.body as { memberId: number }).memberId, due: "2026-12-20" }];
  if (path === "/helpdesk/tickets" && method === "GET") return [200, [TICKET]];
  if (path === "/helpdesk/tickets/7" && method === "GET") return [200, TICKET];
  if (path === "/helpdesk/tickets/7" && method === "PATCH") return [200, { ...TICKET, ...(request.body as object) }];
  return [404, { error: `nothing at ${method} ${path}` }];
}
