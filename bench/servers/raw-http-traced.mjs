// The HTTP twin of raw-jsonrpc-traced.mjs: a bare node:http server, no SDK and no typemcp, that
// answers each POSTed JSON-RPC tools/call (either era's body) from a promise and, when an
// OpenTelemetry SDK is registered (`--import servers/otel-sdk.mjs`), serves it inside what
// bench/otel-floor.mjs counts: one server span made active around the handler's promise, ended,
// and one histogram record. Run with and without the SDK in the same paired rounds, the
// difference is what that SDK work costs inside an HTTP server (its context manager carried
// through Node's own HTTP machinery included), with no typemcp anywhere: the floor typemcp's own
// share of a traced HTTP call is measured against.
//   node [--import servers/otel-sdk.mjs] servers/raw-http-traced.mjs PORT
import http from "node:http";
import { addInSpan } from "./floor-span.mjs";

const send = (res, message) => {
  const body = JSON.stringify({ jsonrpc: "2.0", ...message });
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
};

http
  .createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8").on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      const msg = JSON.parse(text);
      if (msg.method === "tools/list") return send(res, { id: msg.id, result: { tools: [{ name: "add", inputSchema: { type: "object" } }] } });
      void addInSpan(msg.id, msg.params.arguments, (value) =>
        send(res, { id: msg.id, result: { content: [{ type: "text", text: String(value) }], structuredContent: { result: value } } }),
      );
    });
  })
  .listen(Number(process.argv[2] ?? process.env.PORT), "127.0.0.1");
