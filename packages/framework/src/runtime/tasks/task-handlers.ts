import { ProtocolError } from "../../errors/protocol-error.js";
import type { ClientAbilities, Context } from "../context.js";
import { HandoffContext } from "./handoff-context.js";
import { callAsTaskRun } from "./task-tool-call.js";
import type { RegisteredTool } from "../components/registered-tool.js";
import { TASKS_EXTENSION, TaskHandle, type CallToolResult, type ProtocolServer, type RequestExtra } from "../sdk/protocol-types.js";
import type { TaskRunner, TaskStart } from "./task-runner.js";
import { RELATED_TASK, toDetailedTask, toTask2025, toTask2026 } from "./task-wire.js";

/** JSON-RPC codes the Tasks extension and 2025-11-25 tasks answer with, beyond typemcp's own table. */
const METHOD_NOT_FOUND = -32601;
const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

/** Shortest TTL a 2025-11-25 client may ask for (ms): less could expire before its first poll. */
const MIN_TTL_MS = 1_000;

/**
 * Answers a `tools/call` of a tool that runs as a task: with a task handle when the client takes
 * tasks (2026-07-28: it declares the Tasks extension on the request; 2025-11-25: it asks with
 * `params.task`), else by running it like any tool, or with an error when the tool runs only as
 * a task. Undefined when the call is not one for a task (`run` it as usual).
 */
export async function callAsTask(
  runner: TaskRunner,
  tool: RegisteredTool,
  params: Record<string, any>,
  extra: RequestExtra,
  context: () => Context,
  owner: string | undefined,
): Promise<TaskHandle | CallToolResult | undefined> {
  const plan = tool.generated.task;
  if (!plan) {
    if (extra.era === "2025-11-25" && params.task !== undefined) {
      throw rpcError(METHOD_NOT_FOUND, `Tool "${tool.name}" does not run as a task: call it without params.task.`);
    }
    return undefined;
  }
  const client = abilitiesOf(extra);
  if (extra.era === "2026-07-28") {
    if (!declaresTasks(extra)) {
      if (plan.support === "required") throw missingTasksCapability(`Tool "${tool.name}" runs only as a task`);
      return undefined;
    }
    const start = { ttlMs: plan.ttlMs, pollIntervalMs: plan.pollIntervalMs, client, era: "2026-07-28" as const, owner, auth: extra.auth, caller: extra.caller };
    if (plan.startAfterMs && extra.input) return startLater(runner, tool, params.arguments ?? {}, extra, context, plan.startAfterMs, start);
    const state = await runner.start(tool, params.arguments ?? {}, start);
    return new TaskHandle({ resultType: "task", ...toTask2026(state) });
  }
  const requested = params.task as { ttl?: unknown } | undefined;
  if (requested === undefined) {
    if (plan.support === "required")
      throw rpcError(METHOD_NOT_FOUND, `Tool "${tool.name}" runs only as a task: call it with params.task (e.g. { "ttl": ${plan.ttlMs} }).`);
    return undefined;
  }
  // The client's TTL is honoured up to the tool's own (a receiver may shorten it, says 2025-11-25).
  const ttlMs =
    typeof requested.ttl === "number" && Number.isFinite(requested.ttl) ? Math.min(Math.max(Math.floor(requested.ttl), MIN_TTL_MS), plan.ttlMs) : plan.ttlMs;
  const state = await runner.start(tool, params.arguments ?? {}, {
    ttlMs,
    pollIntervalMs: plan.pollIntervalMs,
    client,
    era: "2025-11-25",
    owner,
    auth: extra.auth,
    caller: extra.caller,
  });
  return new TaskHandle({ task: toTask2025(state) });
}

/**
 * Runs the call in its request for up to `afterMs`: what it answers or asks by then is the
 * request's answer (a result, or an input-required result: the SEP-2663 way to gather input
 * before a task); after that the call goes on as a task, answered with its handle.
 */
async function startLater(
  runner: TaskRunner,
  tool: RegisteredTool,
  args: Record<string, unknown>,
  extra: RequestExtra,
  context: () => Context,
  afterMs: number,
  start: TaskStart,
): Promise<TaskHandle | CallToolResult> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  extra.signal.addEventListener("abort", stop, { once: true });
  const handoff = new HandoffContext(context(), controller.signal);
  const call = callAsTaskRun(tool, args, extra.caller, () => handoff);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const early = await Promise.race([
    call.then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    ),
    new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), afterMs))),
  ]);
  clearTimeout(timer);
  // From the hand-off on, the end of this request no longer stops the call: a tasks/cancel does.
  extra.signal.removeEventListener("abort", stop);
  if (early && "result" in early) return early.result;
  if (early) throw early.error;
  try {
    const state = await runner.adopt(tool, args, start, { call, controller, round: extra.input!, handOff: (task) => handoff.handOff(task) });
    return new TaskHandle({ resultType: "task", ...toTask2026(state) });
  } catch (error) {
    // No task to carry the call on (the store is unavailable): stop it, and the request fails in words.
    controller.abort();
    throw error;
  }
}

/** Who the tasks a request starts belong to, and which ones it may reach (`CallerIdentity.key`). */
export type OwnerOf = (extra: RequestExtra) => string | undefined;

/**
 * Answers the Tasks extension's methods (2026-07-28): `tasks/get`, `tasks/update`, `tasks/cancel`,
 * each for the caller's own tasks only (another owner's task is not found).
 */
export function registerTaskHandlers2026(protocol: ProtocolServer, runner: TaskRunner, ownerOf: OwnerOf): void {
  const taskId = (params: Record<string, unknown>) =>
    typeof params.taskId === "string" && params.taskId !== "" ? undefined : "params.taskId must be a non-empty string";
  const gate = (method: string, extra: RequestExtra) => {
    if (!declaresTasks(extra)) throw missingTasksCapability(`${method} belongs to the Tasks extension`);
  };
  protocol.handleExtension("tasks/get", taskId, async (params, extra) => {
    gate("tasks/get", extra);
    return toDetailedTask(await runner.read(params.taskId, ownerOf(extra)));
  });
  protocol.handleExtension("tasks/update", taskId, async (params, extra) => {
    gate("tasks/update", extra);
    // The SDK lifts `inputResponses` out of the params (dropping entries that are not answers).
    if (extra.inputResponses === undefined)
      throw new ProtocolError(
        "INVALID_PARAMS",
        "Invalid params for tasks/update: params.inputResponses must be an object of answers, by the keys of the task's inputRequests.",
      );
    await runner.answer(params.taskId, { ...extra.inputResponses }, ownerOf(extra));
    return {};
  });
  protocol.handleExtension("tasks/cancel", taskId, async (params, extra) => {
    gate("tasks/cancel", extra);
    // An acknowledgement only, also for a task that already finished (the extension's rule).
    await runner.cancel(params.taskId, ownerOf(extra));
    return {};
  });
}

/**
 * Answers 2025-11-25 experimental tasks: `tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`,
 * each for the caller's own tasks only: `tasks/list` lists them, and nothing for a caller with
 * no owner (stateless, unauthenticated); another owner's task is not found.
 */
export function registerTaskHandlers2025(protocol: ProtocolServer, runner: TaskRunner, ownerOf: OwnerOf): void {
  protocol.handle("tasks/get", async (params, extra) => toTask2025((await runner.read(params.taskId, ownerOf(extra))).state));
  protocol.handle("tasks/result", async (params, extra) => {
    const record = await runner.settled(params.taskId, ownerOf(extra), extra.signal);
    const related = { _meta: { [RELATED_TASK]: { taskId: params.taskId } } };
    const outcome = record.outcome;
    if (outcome && "result" in outcome) return { ...outcome.result, _meta: { ...(outcome.result._meta as object | undefined), ...related._meta } };
    // What the call itself would have answered: the JSON-RPC error it failed with.
    if (outcome && "error" in outcome) throw rpcError(outcome.error.code, outcome.error.message, outcome.error.data);
    throw new ProtocolError("INVALID_PARAMS", `Task "${params.taskId}" was cancelled before it finished, so it has no result.`);
  });
  protocol.handle("tasks/list", async (params, extra) => {
    const page = await runner.list(ownerOf(extra), params.cursor === undefined ? undefined : String(params.cursor));
    return { tasks: page.tasks.map(toTask2025), ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }) };
  });
  protocol.handle("tasks/cancel", async (params, extra) => {
    const { state, alreadyFinished } = await runner.cancel(params.taskId, ownerOf(extra));
    if (alreadyFinished)
      throw new ProtocolError(
        "INVALID_PARAMS",
        `Task "${params.taskId}" already ${state.status === "cancelled" ? "was cancelled" : state.status}; a finished task cannot be cancelled.`,
      );
    return toTask2025(state);
  });
}

/** Whether a 2026-07-28 request declares the Tasks extension in its client capabilities. */
export function declaresTasks(extra: RequestExtra): boolean {
  const extensions = (extra.clientCapabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  return isObject(extensions) && extensions[TASKS_EXTENSION] !== undefined;
}

function abilitiesOf(extra: RequestExtra): ClientAbilities {
  const declared = extra.clientCapabilities;
  return ABILITIES[(declared?.elicitation ? 1 : 0) + (declared?.sampling ? 2 : 0) + (declared?.roots ? 4 : 0)]!;
}

// The eight a client may declare, each one frozen object that every task started with it shares
// (its fields are readonly): a running task holds its call's abilities for as long as it runs.
const ABILITIES: readonly ClientAbilities[] = Array.from({ length: 8 }, (_, bits) =>
  Object.freeze({ elicitation: (bits & 1) !== 0, sampling: (bits & 2) !== 0, roots: (bits & 4) !== 0 }),
);

// -32021 names the capability in `data`, shaped like the client's own capabilities object.
function missingTasksCapability(what: string): Error {
  return rpcError(MISSING_REQUIRED_CLIENT_CAPABILITY, `${what}: declare the "${TASKS_EXTENSION}" extension in the request's client capabilities (_meta).`, {
    requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
  });
}

// The SDK sends a thrown value's numeric `code`, `message` and `data` as the JSON-RPC error.
function rpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
}

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
