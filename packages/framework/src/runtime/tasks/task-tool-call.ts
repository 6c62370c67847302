import type { CallerIdentity } from "../identity/caller-identity.js";
import type { Context } from "../context.js";
import type { RegisteredTool } from "../components/registered-tool.js";
import type { ToolResult } from "../middleware/middleware.js";
import { ToolChainCall } from "../middleware/request-call.js";
import { runToolChain } from "../middleware/run-middleware.js";
import { traceExecution } from "../middleware/trace-request.js";
import { telemetryRegistered } from "../../telemetry/otel-api.js";

// How a task's call is made (a protocol error the method throws fails the task with it): one
// object for every run, since a literal per run is one more object each running task holds.
const AS_TASK = { asTask: true } as const;

// A task's context, as the task's own function makes it (once: the runner keeps what it made).
const contextFrom = (context: () => Context): Context => context();

/**
 * Calls `tool` for a task (its run in the background, or a call begun in its request and carried
 * on as one) inside the tool's middleware, `onToolCall` of the server's `use`, the class's and
 * the method's `@use`, outermost first, as a call in its request is: a client that asks for a task
 * gets past no policy, rate limit or error mask a plain call meets. While an OpenTelemetry SDK is
 * registered the run has its execution span (`execute_tool <name>`), a child of the request's span
 * when the run starts in it: the request's own span ends once the task is made, long before the
 * run. `context` is the task's context; `caller`, who started it.
 */
export function callAsTaskRun(tool: RegisteredTool, args: Record<string, unknown>, caller: CallerIdentity, context: () => Context): Promise<ToolResult> {
  const traced = telemetryRegistered();
  // Without middleware or tracing, no closure: a running task holds what its call is given, a thousand times over.
  if (tool.middleware.length === 0 && !traced) return tool.call(args, context, AS_TASK);
  const run = traced
    ? () => traceExecution("tools/call", { name: tool.name }, () => tool.call(args, context, AS_TASK))
    : () => tool.call(args, context, AS_TASK);
  if (tool.middleware.length === 0) return run();
  return runToolChain(tool.middleware, new ToolChainCall(tool.name, args, tool.wire.annotations, caller, context, contextFrom), run);
}
