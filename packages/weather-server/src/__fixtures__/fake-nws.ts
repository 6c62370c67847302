import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** How the fake API answers one request. */
export interface Reply {
  /** HTTP status; 200 unless given. */
  readonly status?: number;
  /** Response headers; `Content-Type` defaults to GeoJSON, or problem+json for an error status. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Wait this long before sending anything. */
  readonly delayMs?: number;
  /** Send the headers and the first bytes of the body, then wait this long before the rest. */
  readonly stallBodyMs?: number;
}

/** One reply for every request, or one per request in order (the last repeats). */
export type Route = Reply | readonly Reply[];

/** A request the fake API received. */
export interface ReceivedRequest {
  /** Path and query, e.g. `/alerts/active?area=OR`. */
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  /** Milliseconds since the server started. */
  readonly at: number;
  /** When the client gave up on the request before the whole answer was sent (ms since start). */
  readonly abortedAt?: number;
}

/** A real HTTP server on 127.0.0.1 that answers like api.weather.gov from recorded bodies. */
export interface FakeNws {
  /** Its base URL, `http://127.0.0.1:<port>`, to use as NWS_API_BASE. */
  readonly baseUrl: string;
  /** Every request received, in order. */
  readonly requests: readonly ReceivedRequest[];
  /** The requests received for exactly `path` (path and query). */
  requestsTo(path: string): ReceivedRequest[];
  /** Answers `path` (path and query) with `route` from now on. */
  route(path: string, route: Route): void;
  close(): Promise<void>;
}

const FIXTURES = new URL("./nws/", import.meta.url);

/** The text of a recorded response in `nws/` beside this file. */
export function fixture(name: string): string {
  return fs.readFileSync(new URL(name, FIXTURES), "utf8");
}

/** The paths the recordings answer: Tuscaloosa AL, Norton MA, its forecast, Oregon's alerts, a point off Réunion. */
export const PATHS = {
  point: "/points/33.211,-87.566",
  nortonPoint: "/points/41.967,-71.189",
  forecast: "/gridpoints/BMX/32,69/forecast",
  alertsOR: "/alerts/active?area=OR",
  pointOutsideUS: "/points/-20.9512,55.3085",
} as const;

/** Routes serving every recorded response. */
export function recordedRoutes(): Record<string, Route> {
  return {
    [PATHS.point]: { body: fixture("points.json") },
    [PATHS.nortonPoint]: { body: fixture("points-norton-ma.json") },
    [PATHS.forecast]: { body: fixture("forecast.json") },
    [PATHS.alertsOR]: { body: fixture("alerts.json") },
    [PATHS.pointOutsideUS]: { status: 404, body: fixture("error-404-invalid-point.json") },
  };
}

const NOT_FOUND: Reply = {
  status: 404,
  body: JSON.stringify({ type: "https://api.weather.gov/problems/NotFound", title: "Not Found", status: 404, detail: "No route" }),
};

/** Starts the fake API on an ephemeral loopback port, answering `routes` and 404 for anything else. */
export async function startFakeNws(routes: Record<string, Route> = recordedRoutes()): Promise<FakeNws> {
  const table = new Map<string, Route>(Object.entries(routes));
  const served = new Map<string, number>();
  const requests: Array<{ -readonly [K in keyof ReceivedRequest]: ReceivedRequest[K] }> = [];
  const timers = new Set<NodeJS.Timeout>();
  const started = performance.now();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    const received: (typeof requests)[number] = { path, headers: req.headers, at: performance.now() - started };
    requests.push(received);
    res.on("close", () => {
      if (!res.writableFinished) received.abortedAt = performance.now() - started;
    });
    const route = table.get(path);
    const count = served.get(path) ?? 0;
    served.set(path, count + 1);
    const reply = route === undefined ? NOT_FOUND : Array.isArray(route) ? route[Math.min(count, route.length - 1)]! : (route as Reply);
    later(reply.delayMs ?? 0, () => send(res, reply, later));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    route: (path, route) => {
      table.set(path, route);
      served.delete(path);
    },
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: http.ServerResponse, reply: Reply, later: (ms: number, run: () => void) => void): void {
  const status = reply.status ?? 200;
  const contentType = status >= 400 ? "application/problem+json" : "application/geo+json";
  res.writeHead(status, { "Content-Type": contentType, ...reply.headers });
  const body = reply.body ?? "";
  if (reply.stallBodyMs === undefined) {
    res.end(body);
    return;
  }
  res.write(body.slice(0, 10));
  later(reply.stallBodyMs, () => res.end(body.slice(10)));
}

/** A base URL on 127.0.0.1 that nothing listens on: a port just released by a server of our own. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
