// Loaded with `node --import` before a server by bench/memory-split.mjs: on SIGUSR2 it writes
// one line, `memory-probe {json}`, to stderr with what Node and V8 say about their memory.
import v8 from "node:v8";

const mb = (bytes) => Number((bytes / 1048576).toFixed(1));
process.on("SIGUSR2", () => {
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_size)]));
  const report = {
    heapTotal: mb(usage.heapTotal),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    malloced: mb(heap.malloced_memory),
    peakMalloced: mb(heap.peak_malloced_memory),
    spaces,
  };
  process.stderr.write(`memory-probe ${JSON.stringify(report)}\n`);
});
