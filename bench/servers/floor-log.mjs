// What the no-SDK floor server (raw-jsonrpc-traced.mjs, run with FLOOR_LOG=1) writes per
// tools/call: the line logRequests() writes (the same keys, in the same order; with
// FLOOR_LOG=timing, the line timing() writes), made the way a
// server without typemcp would make it: JSON.stringify of an entry, a Date for its time, lines
// gathered into one stderr write once 16 KiB wait or 50 ms after the first, as logRequests()
// gathers them. Its cost over the same server without it is what one log line per request costs
// with no typemcp anywhere: the floor #52 item 8 is read against.
let waiting = "";
let scheduled = false;

const flush = () => {
  scheduled = false;
  const text = waiting;
  waiting = "";
  if (text) process.stderr.write(text);
};
process.on("exit", flush);

/** Queues the request log line of a `tools/call` of `add` with `id`, that arrived at `time` (Date.now()) and `started` (performance.now()). */
export function logCall(id, time, started) {
  const entry = {
    time: new Date(time).toISOString(),
    method: "tools/call",
    target: "add",
    requestId: id,
    client: "connection:floor",
    protocolVersion: "2025-11-25",
    durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    outcome: "ok",
  };
  queue(`${JSON.stringify(entry)}\n`);
}

/** Queues timing()'s line for a `tools/call` of `add` that started at `started` (performance.now()). */
export function timeCall(_id, _time, started) {
  queue(`[typemcp] tools/call add: ${(performance.now() - started).toFixed(1)} ms (ok)\n`);
}

function queue(line) {
  waiting += line;
  if (waiting.length >= 16 * 1024) flush();
  else if (!scheduled) {
    scheduled = true;
    setTimeout(flush, 50);
  }
}
