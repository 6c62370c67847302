import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request a fake API received, as the tests check it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string[]>;
  headers: Record<string, string | undefined>;
  contentType: string | undefined;
  /** JSON parsed, a form as its fields, anything else as text; undefined when there was none. */
  body: unknown;
}

/** An answer: a status and a body, sent as JSON unless a content type is named (then as it is); none when undefined. */
export type Answer = [status: number, body?: unknown, contentType?: string];

/** A fake API on 127.0.0.1 that records each request before `answer` answers it. */
export interface FakeApi {
  readonly url: string;
  readonly requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * Starts a fake API on an ephemeral loopback port. When `answer` gives nothing, the request is
 * left open; `connection.closed` resolves when the client gives it up (what a cancelled call does).
 */
export async function startFakeApi(answer: (request: SeenRequest, connection: { closed: Promise<void> }) => Answer | undefined): Promise<FakeApi> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      const seen = toSeenRequest(req, text);
      requests.push(seen);
      const answered = answer(seen, { closed: new Promise<void>((resolve) => res.once("close", () => resolve())) });
      if (!answered) return;
      const [status, reply, type] = answered;
      if (reply === undefined) res.writeHead(status).end();
      else if (type) res.writeHead(status, { "content-type": type }).end(String(reply));
      else res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function toSeenRequest(req: http.IncomingMessage, text: string): SeenRequest {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const query: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) (query[name] ??= []).push(value);
  const contentType = req.headers["content-type"];
  const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(",") : value]));
  const body = !text
    ? undefined
    : contentType?.startsWith("application/json")
      ? JSON.parse(text)
      : contentType?.startsWith("application/x-www-form-urlencoded")
        ? Object.fromEntries(new URLSearchParams(text))
        : text;
  return { method: req.method ?? "", path: url.pathname, query, headers, contentType, body };
}

interface SpecOperation {
  responses?: Record<string, { $ref?: string; content?: Record<string, { examples?: Record<string, unknown>; example?: unknown }> }>;
}

/**
 * Answers each request the way the spec documents it: the operation whose method and path
 * template match, its first 2xx response, and that response's first example (GitHub's spec
 * documents every response with one), or no body when it has none; 404 for anything else.
 */
export function answerFromSpec(spec: { paths: Record<string, Record<string, unknown>> }): (request: SeenRequest) => Answer {
  const follow = (value: unknown): unknown => {
    let node = value as { $ref?: string } | undefined;
    while (node && typeof node.$ref === "string")
      node = node.$ref
        .slice(2)
        .split("/")
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], spec) as { $ref?: string };
    return node;
  };
  const routes = Object.entries(spec.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      const [status, response] = Object.entries((operation as SpecOperation).responses ?? {}).find(([code]) => code.startsWith("2")) ?? ["404"];
      const media = (follow(response) as SpecOperation["responses"] extends Record<string, infer R> | undefined ? R : never)?.content?.["application/json"];
      const example = media?.examples ? (follow(Object.values(media.examples)[0]) as { value?: unknown })?.value : media?.example;
      return { method: method.toUpperCase(), pattern, answer: [Number(status), follow(example)] as Answer };
    }),
  );
  return (request) => routes.find((r) => r.method === request.method && r.pattern.test(request.path))?.answer ?? [404, { message: "Not Found" }];
}
