// The no-SDK floor calculator (raw-jsonrpc-calc.mjs) with each tools/call answered from a promise
// and, when an OpenTelemetry SDK is registered (`--import servers/otel-sdk.mjs`), served inside
// exactly what bench/otel-floor.mjs counts: one server span made active around the handler's
// promise, ended, and one histogram record. The two processes (with and without the SDK) differ
// only by that work, so their difference is what the OpenTelemetry SDK costs per request inside
// a real stdio server (its context manager's hooks and its garbage in a server's heap included),
// with no typemcp anywhere: the floor typemcp's own share of a traced call is measured against.
import { createInterface } from "node:readline";
import { addInSpan } from "./floor-span.mjs";

// With FLOOR_LOG=1, each call also writes logRequests()'s line, made by hand (floor-log.mjs);
// with FLOOR_LOG=timing, timing()'s.
const floorLog = process.env.FLOOR_LOG === undefined ? undefined : await import("./floor-log.mjs");
const logCall = floorLog && (process.env.FLOOR_LOG === "timing" ? floorLog.timeCall : floorLog.logCall);

const ops = new Set(["add"]);
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const answer = (id, value) => send({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: String(value) }], structuredContent: { result: value } } });

createInterface({ input: process.stdin })
  .on("line", (line) => {
    const msg = JSON.parse(line);
    if (msg.id === undefined) return;
    if (msg.method === "initialize") {
      return send({
        jsonrpc: "2.0",
        id: msg.id,
        result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "calc-raw", version: "1.0.0" } },
      });
    }
    if (msg.method === "tools/list") return send({ jsonrpc: "2.0", id: msg.id, result: { tools: [{ name: "add", inputSchema: { type: "object" } }] } });
    if (msg.method !== "tools/call" || !ops.has(msg.params?.name))
      return send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Not served by this floor" } });
    if (logCall === undefined) return void addInSpan(msg.id, msg.params.arguments ?? {}, (value) => answer(msg.id, value));
    const time = Date.now();
    const started = performance.now();
    void addInSpan(msg.id, msg.params.arguments ?? {}, (value) => {
      answer(msg.id, value);
      logCall(msg.id, time, started);
    });
  })
  .on("close", () => process.exit(0));
