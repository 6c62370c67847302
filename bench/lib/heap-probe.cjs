// Loaded with `node --expose-gc --require` into a server the bench measures (typemcp's and the
// floor's alike): on SIGUSR2 it collects garbage twice and writes the live heap to stderr as
// `heap-probe <bytes>`, so memory per task can be read as live objects, apart from how far V8
// chose to grow its heap (which RSS shows, in steps).
process.on("SIGUSR2", () => {
  globalThis.gc();
  globalThis.gc();
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stderr.write(`heap-probe ${heapUsed + external - arrayBuffers}\n`);
});
