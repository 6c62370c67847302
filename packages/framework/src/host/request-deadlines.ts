/**
 * Time limits for one connection's requests that stop while the host is answering a question
 * from the server. In protocol 2025-11-25 a tool that elicits keeps its `tools/call` open while
 * the server's request waits for the user: a person who takes a minute to type an answer must not
 * make the call time out. So every limit is paused while any question is open, and starts again
 * from its full length once none is.
 */
export class RequestDeadlines {
  private readonly running = new Set<Deadline>();
  private open = 0;

  /**
   * A signal that aborts with `reason()` after `timeoutMs` of time not spent answering a question,
   * or when `outer` aborts. Call `done()` once the request has settled.
   */
  start(timeoutMs: number, reason: () => unknown, outer?: AbortSignal): { signal: AbortSignal; done(): void } {
    const controller = new AbortController();
    const deadline: Deadline = { timeoutMs, fire: () => controller.abort(reason()), timer: undefined };
    const onOuter = () => controller.abort(outer!.reason);
    if (outer?.aborted) onOuter();
    outer?.addEventListener("abort", onOuter, { once: true });
    this.running.add(deadline);
    if (this.open === 0) arm(deadline);
    return {
      signal: controller.signal,
      done: () => {
        clearTimeout(deadline.timer);
        this.running.delete(deadline);
        outer?.removeEventListener("abort", onOuter);
      },
    };
  }

  /** Runs `answer` with every limit paused. */
  async whileAnswering<T>(answer: () => Promise<T>): Promise<T> {
    if (this.open++ === 0) for (const deadline of this.running) clearTimeout(deadline.timer);
    try {
      return await answer();
    } finally {
      if (--this.open === 0) for (const deadline of this.running) arm(deadline);
    }
  }
}

interface Deadline {
  readonly timeoutMs: number;
  readonly fire: () => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

function arm(deadline: Deadline): void {
  clearTimeout(deadline.timer);
  deadline.timer = setTimeout(deadline.fire, deadline.timeoutMs);
}
