import { ProtocolError, ToolError, tool, type Context } from "typemcp";

/** What `multi_input` asks twice: both fields may be left out. */
interface Named {
  name?: string;
  confirm?: boolean;
}

/**
 * The tools of the suite's Tasks extension scenarios (SEP-2663), written as any typemcp author
 * writes a long-running tool: `@tool({ task })`, `ctx.signal` to stop when cancelled,
 * `ctx.elicit` to ask while the task waits.
 */
export class TaskFixtures {
  /**
   * Greets someone at once (never a task).
   * @param name Who to greet.
   */
  @tool()
  greet(name: string): string {
    return `Hello, ${name}!`;
  }

  /**
   * Works for `seconds` seconds, then reports what it computed.
   * @param seconds How long to work.
   * @param label A label echoed in the result.
   */
  @tool({ name: "slow_compute", task: { pollIntervalMs: 200 } })
  async slowCompute(ctx: Context, seconds: number, label?: string): Promise<string> {
    await sleep(seconds * 1000, ctx.signal);
    return `computed ${label ?? "result"} after ${seconds}s`;
  }

  /** Works for a second, then fails the way a tool fails. */
  @tool({ name: "failing_job", task: { required: true, pollIntervalMs: 200 } })
  async failingJob(ctx: Context): Promise<string> {
    await sleep(1000, ctx.signal);
    throw new ToolError("The job failed: the input batch was rejected.");
  }

  /** Fails with a JSON-RPC error, which fails the task itself. */
  @tool({ name: "protocol_error_job", task: { pollIntervalMs: 200 } })
  async protocolErrorJob(): Promise<string> {
    throw new ProtocolError("METHOD_FAILED", "Internal error: the job runner crashed.");
  }

  /**
   * Deletes a file once the user confirms.
   * @param filename The file to delete.
   */
  @tool({ name: "confirm_delete", task: { pollIntervalMs: 200 } })
  async confirmDelete(ctx: Context, filename: string): Promise<string> {
    const reply = await ctx.elicit<{ confirm: boolean }>(`Delete ${filename}?`, { key: "confirm_delete" });
    return reply.action === "accept" && reply.content?.confirm ? `Deleted ${filename}.` : `Kept ${filename}.`;
  }

  /** Asks the user's name first (an input round of the call), then works on as a task and greets them. */
  @tool({ name: "test_tool_with_task", task: { required: true, startAfterMs: 100, pollIntervalMs: 200 } })
  async greetLater(ctx: Context): Promise<string> {
    const reply = await ctx.elicit<{ name: string }>("What is your name?", { key: "user_name" });
    await sleep(500, ctx.signal);
    return `Hello, ${reply.content?.name ?? "stranger"}! Your task is done.`;
  }

  /** Asks two questions at once. */
  @tool({ name: "multi_input", task: { pollIntervalMs: 200 } })
  async multiInput(ctx: Context): Promise<string> {
    const [first, second] = await Promise.all([
      ctx.elicit<Named>("First input?", { key: "first_input" }),
      ctx.elicit<Named>("Second input?", { key: "second_input" }),
    ]);
    return `Got ${first.content?.name ?? "nothing"} and ${second.content?.name ?? "nothing"}.`;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}
