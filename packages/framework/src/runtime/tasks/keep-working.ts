/**
 * Work a request starts and must see through after its response has gone out (a task's run, an
 * event sent to the bus). Workers end a request's I/O with its response unless told to wait
 * (`waitUntil`); the Workers entry installs that here, elsewhere nothing is needed.
 */
let hook: ((work: Promise<unknown>) => void) | undefined;

/** Installs how the platform keeps a request's work going after its response (Workers: `waitUntil` from `cloudflare:workers`). */
export function setKeepWorking(keep: (work: Promise<unknown>) => void): void {
  hook = keep;
}

/** Keeps `work` going after the response, where the platform needs telling. */
export function keepWorking(work: Promise<unknown>): void {
  hook?.(work);
}
