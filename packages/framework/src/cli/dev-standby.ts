/**
 * The process `typemcp dev` keeps warm for the next restart: it loads typemcp and the SDK (what
 * every restart would load again, unchanged) and waits. On "go" it becomes the server: it takes
 * the entry's argv and imports the freshly built entry, so a restart costs the author's modules
 * only. Run as `node dev-standby.js <entry> [args...]` with an IPC channel, over which it says
 * "ready" (warm), then "started" once the entry has loaded (its top-level `await serve()` done);
 * an entry that fails to load ends the process with status 1, its error on stderr. Later,
 * "pause" and "resume" make it let go of its port and take it back ("paused", "resumed").
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { trackListeners } from "./dev-listeners.js";

const [entry, ...args] = process.argv.slice(2);
const send = process.send?.bind(process);
if (!entry || !send) throw new Error("dev-standby runs under typemcp dev only.");

const listeners = trackListeners();
try {
  // Resolved from the entry's folder, so the cache holds the very modules the entry will import.
  const typemcp = createRequire(path.resolve(entry)).resolve("typemcp");
  await import(pathToFileURL(typemcp).href);
} catch {
  // typemcp is not found from the entry: nothing to warm, the entry loads everything itself.
}
send("ready");
process.on("message", (message) => {
  if (message === "go") {
    process.argv = [process.argv[0]!, path.resolve(entry), ...args];
    // The channel stays open for pause/resume without keeping the server alive by itself.
    process.channel?.unref();
    import(pathToFileURL(path.resolve(entry)).href).then(
      () => send("started"),
      (error: unknown) => {
        process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exit(1);
      },
    );
  } else if (message === "pause") {
    // Held open while paused: with no socket listening, nothing else may keep the process alive.
    process.channel?.ref();
    listeners.pause();
    send("paused");
  } else if (message === "resume") {
    void listeners.resume().then(
      () => {
        process.channel?.unref();
        send("resumed");
      },
      (error: unknown) => send(`resume failed: ${String(error)}`),
    );
  }
});
