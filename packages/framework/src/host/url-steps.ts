/**
 * A call the server refuses until the user completes steps at URLs it names: JSON-RPC error
 * -32042 (`URLElicitationRequiredError`, protocol 2025-11-25), whose `data.elicitations` lists
 * URL-mode elicitations. The host asks each step as it asks any URL elicitation (the user agrees
 * before anything opens), then makes the call again once the server says every step is done
 * (`notifications/elicitation/complete`), or once the call's time limit has passed waiting: the
 * second answer, whatever it is, is the call's.
 */
import type { ClientAnswers, UrlElicitationRequest } from "./client-answers.js";
import type { RequestDeadlines } from "./request-deadlines.js";

/** MCP's JSON-RPC code for "complete these URL steps, then try again". */
const URL_ELICITATION_REQUIRED = -32042;
/** Completions no one waits for yet, kept for a call about to wait; bounded against a chatty server. */
const KEPT_COMPLETIONS = 64;

/** The URL steps of a -32042 error, or undefined for any other error or a malformed list. */
export function urlStepsOf(error: unknown): UrlElicitationRequest[] | undefined {
  if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== URL_ELICITATION_REQUIRED) return undefined;
  const list = (error as { data?: { elicitations?: unknown } }).data?.elicitations;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const steps: UrlElicitationRequest[] = [];
  for (const item of list as unknown[]) {
    const { url, message, elicitationId } = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof url !== "string" || typeof elicitationId !== "string") return undefined;
    // A step listed twice is asked once.
    if (steps.some((step) => step.elicitationId === elicitationId)) continue;
    steps.push({ url, message: typeof message === "string" ? message : "", elicitationId });
  }
  return steps;
}

/** One connection's URL steps: calls made again after them, and the completions the server sent. */
export class UrlSteps {
  private readonly completions = new StepCompletions();

  constructor(
    private readonly answers: ClientAnswers,
    private readonly deadlines: RequestDeadlines,
  ) {}

  /** A `notifications/elicitation/complete` from the server. */
  completed(elicitationId: string, server: string): void {
    this.completions.completed(elicitationId);
    this.answers.elicitationComplete?.(elicitationId, { server });
  }

  /**
   * `call()`, and, if the server answers -32042 and the host opens URLs (`elicitUrl`), `call()`
   * again once the user agreed to every step and the server said each is done (or `timeoutMs`
   * passed). A step the user does not agree to ends it with the server's error.
   */
  async call<T>(call: () => Promise<T>, server: string, timeoutMs: number, signal?: AbortSignal): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const elicitUrl = this.answers.elicitUrl;
      const steps = elicitUrl && urlStepsOf(error);
      if (!steps) throw error;
      for (const step of steps) {
        const context = { server, signal: signal ?? new AbortController().signal };
        const { action } = await this.deadlines.whileAnswering(() => elicitUrl.call(this.answers, step, context));
        if (action !== "accept") throw error;
      }
      await this.completions.waitFor(
        steps.map((step) => step.elicitationId),
        timeoutMs,
        signal,
      );
      return await call();
    }
  }
}

/**
 * The `notifications/elicitation/complete` a connection received, for a call waiting to be made
 * again. A completion may arrive before the call waits for it (the server may finish while the
 * user is still being asked about the next step): it is kept until then.
 */
class StepCompletions {
  private readonly done = new Set<string>();
  /** Per step, every call waiting for it (two calls may wait for the same step). */
  private readonly waiting = new Map<string, Set<() => void>>();

  completed(elicitationId: string): void {
    const waiters = this.waiting.get(elicitationId);
    if (waiters) {
      this.waiting.delete(elicitationId);
      for (const waiter of waiters) waiter();
      return;
    }
    if (this.done.size >= KEPT_COMPLETIONS) this.done.delete(this.done.values().next().value!);
    this.done.add(elicitationId);
  }

  /** Resolves when every step in `ids` is complete, after `timeoutMs`, or when `signal` aborts (then rejects). */
  waitFor(ids: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const open = [...new Set(ids)].filter((id) => !this.done.delete(id));
    if (!open.length) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      let left = open.length;
      const onStep = () => {
        if (--left === 0) {
          finish();
          resolve();
        }
      };
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        for (const id of open) {
          const waiters = this.waiting.get(id);
          waiters?.delete(onStep);
          if (waiters?.size === 0) this.waiting.delete(id);
        }
      };
      const onAbort = () => {
        finish();
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        finish();
        resolve();
      }, timeoutMs);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      for (const id of open) {
        let waiters = this.waiting.get(id);
        if (!waiters) this.waiting.set(id, (waiters = new Set()));
        waiters.add(onStep);
      }
    });
  }
}
