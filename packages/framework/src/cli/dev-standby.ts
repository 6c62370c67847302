/**
 * The process `typemcp dev` keeps warm for the next restart: it loads typemcp and the SDK (what
 * every restart would load again, unchanged) and waits. On "go" it becomes the server: it takes
 * the entry's argv and imports the freshly built entry, so a restart costs the author's modules
 * only. Run as `node dev-standby.js <entry> [args...]` with an IPC channel.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [entry, ...args] = process.argv.slice(2);
if (!entry || !process.send) throw new Error("dev-standby runs under typemcp dev only.");

// Resolved from the entry's folder, so the cache holds the very modules the entry will import.
const require = createRequire(path.resolve(entry));
const typemcp = require.resolve("typemcp");
await import(pathToFileURL(typemcp).href);
process.send("ready");
process.once("message", (message) => {
  if (message !== "go") return;
  process.argv = [process.argv[0]!, path.resolve(entry), ...args];
  process.disconnect();
  void import(pathToFileURL(path.resolve(entry)).href);
});
