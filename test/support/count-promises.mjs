// Loaded into a server process with `--import`: counts the promises the process makes, and on
// SIGUSR2 writes `[<count> promises, answer <n>]` (n counting the signals) to stderr.
import { createHook } from "node:async_hooks";
import fs from "node:fs";

let promises = 0;
let asked = 0;
createHook({
  init(_id, type) {
    if (type === "PROMISE") promises++;
  },
}).enable();
process.on("SIGUSR2", () => {
  asked++;
  fs.writeSync(2, `[${promises} promises, answer ${asked}]\n`);
});
