import type { AuthInfo } from "../identity/auth-info.js";
import { isListableOwner, type CallerIdentity } from "../identity/caller-identity.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import type { ClientAbilities, Context, ResourceContents } from "../context.js";
import { InputNeeded, InputRound } from "../rounds/input-round.js";
import { keepWorking } from "./keep-working.js";
import { callAsTaskRun } from "./task-tool-call.js";
import { RunningTasks } from "./running-tasks.js";
import { settledTask, TOLD_LOOK_MS } from "./settled-task.js";
import type { RegisteredTool } from "../components/registered-tool.js";
import type { Era } from "../sdk/protocol-types.js";
import { loadedSdk } from "../loaded-sdk.js";
import { TaskContext, type TaskHost } from "./task-context.js";
import { DEFAULT_TASK_LIMITS, jsonBytes, QuotaFull, taskLimitError, toQuota, type TaskLimits } from "./task-limits.js";
import { isTerminal, taskListOffset, type TaskInputRequest, type TaskOutcome, type TaskRecord, type TaskState, type TaskStore } from "./task-store.js";

/** What the runner needs of the server: its tools by name, and its resources for `ctx.readResource`. */
export interface TaskServices {
  tool(name: string): RegisteredTool | undefined;
  readResource(uri: string, ctx: Context): Promise<ResourceContents[]>;
}

/** What a task keeps of the call that started it, so that any instance can run it again. */
export interface StartedCall {
  tool: string;
  arguments: Record<string, unknown>;
  client: ClientAbilities;
  era: Era;
  pollIntervalMs: number;
  /** Answers the call got in its request's input rounds, before it became a task. */
  answers?: Record<string, unknown>;
  /** Who started it (`ctx.auth` in the task), kept with the task so a run resumed elsewhere sees it too. */
  auth?: AuthInfo;
  /** Who started it (`ctx.caller` in the task); absent in a task an older version stored. */
  caller?: CallerIdentity;
}

/** How a new task is started. */
export interface TaskStart {
  ttlMs: number;
  pollIntervalMs: number;
  /** What the calling client declared it can do (`ctx.client` in the task). */
  client: ClientAbilities;
  era: Era;
  /** Who the task belongs to (`ctx.caller.key`, see `CallerIdentity`); undefined: its id is the only key. */
  owner: string | undefined;
  /** The caller's verified token, when there was one. */
  auth?: AuthInfo | undefined;
  /** Who is calling (`ctx.caller` in the task). */
  caller: CallerIdentity;
}

/** One run of a task to start: the task, its call, and the answers it runs with. */
export interface TaskRunOrder {
  taskId: string;
  owner: string | undefined;
  call: StartedCall;
  answers: Record<string, unknown>;
}

/**
 * Where a task's runs go instead of this isolate (Workers with Durable Objects: an object of the
 * task's own, see adapter/workers/durable-task-run.ts).
 */
export interface TaskPlace {
  /** Takes the run there; resolves once it is taken. */
  run(order: TaskRunOrder): Promise<void>;
  /**
   * Watches a run that stays here (a call that became a task while it ran) until `running`
   * settles, so that a run cut with its request fails its task; resolves when `running` does.
   */
  watch(order: TaskRunOrder, running: Promise<void>): Promise<void>;
}

/**
 * Runs tool calls as tasks (the Tasks extension), keeping their state in a `TaskStore` that
 * every instance of the server may share. A task runs on the instance that started it, or that
 * received the answer to its last open question, unless its runs have a `place` (a Durable
 * Object on Workers); cancelling through another instance is seen within a poll interval.
 */
export class TaskRunner {
  private readonly running = new RunningTasks((taskId, owner) => this.store.get(taskId, owner));
  /** The bounds on tasks (see `TaskLimits`), every one filled in. */
  limits: Required<TaskLimits> = { ...DEFAULT_TASK_LIMITS };
  /** Where runs go; none: here, kept going after the response (`keepWorking`). */
  place: TaskPlace | undefined;
  // What every run's context reaches of the runner (progress, resources): one object, not closures per task.
  private readonly host: TaskHost = {
    report: async (taskId, owner, message) => void (await this.store.update(taskId, { status: "working", statusMessage: message }, owner)),
    readResource: (uri, ctx) => this.services.readResource(uri, ctx),
  };

  constructor(
    public store: TaskStore,
    private readonly services: TaskServices,
  ) {}

  /** Creates the task (durably: `tasks/get` finds it as soon as this resolves) and starts running it. */
  async start(tool: RegisteredTool, args: Record<string, unknown>, start: TaskStart): Promise<TaskState> {
    const call: StartedCall = {
      tool: tool.name,
      arguments: args,
      client: start.client,
      era: start.era,
      pollIntervalMs: start.pollIntervalMs,
      ...(start.auth ? { auth: start.auth } : {}),
      caller: start.caller,
    };
    const state = await this.create(start, call);
    await this.launch({ taskId: state.taskId, owner: start.owner, call, answers: {} }, tool);
    return state;
  }

  /**
   * Makes a task of a call already running in its request (2026-07-28, `startAfterMs` passed):
   * creates it, hands the call the task's context through `handOff`, and records how the call
   * ends. `round` holds the answers of the request's input rounds.
   */
  async adopt(
    tool: RegisteredTool,
    args: Record<string, unknown>,
    start: TaskStart,
    running: { call: Promise<unknown>; controller: AbortController; round: InputRound; handOff: (task: Context) => void },
  ): Promise<TaskState> {
    const call: StartedCall = {
      tool: tool.name,
      arguments: args,
      client: start.client,
      era: "2026-07-28",
      pollIntervalMs: start.pollIntervalMs,
      answers: { ...running.round.answers },
      ...(start.auth ? { auth: start.auth } : {}),
      caller: start.caller,
    };
    const state = await this.create(start, call);
    running.handOff(this.contextFor(state.taskId, start.owner, running.controller, running.round, call));
    const settled = this.settle(state.taskId, start.owner, running.controller, call, running.round, running.call);
    // keepWorking: on Workers, the run goes on after the response that hands out the task, watched from its place.
    const order = { taskId: state.taskId, owner: start.owner, call, answers: {} };
    keepWorking(this.place ? this.place.watch(order, settled) : settled);
    return state;
  }

  /** Everything known about `owner`'s task; a TASK_NOT_FOUND `ProtocolError` when there is none. */
  async read(taskId: string, owner: string | undefined): Promise<TaskRecord> {
    const record = await this.store.read(taskId, owner);
    if (!record) throw missingTask(taskId);
    return record;
  }

  /** Records the client's answers; once none is open, runs the task again here with every answer. */
  async answer(taskId: string, responses: Record<string, unknown>, owner: string | undefined): Promise<void> {
    const answered = await this.store.answer(taskId, responses, owner);
    if (!answered) throw missingTask(taskId);
    if (!answered.resume) return;
    const call = startedCallOf(answered.record.request);
    const tool = call && this.services.tool(call.tool);
    if (!call || !tool) {
      await this.store.finish(taskId, toolGone(taskId, call?.tool ?? "?"), owner);
      return;
    }
    await this.launch({ taskId, owner, call, answers: { ...call.answers, ...answered.record.answers } }, tool);
  }

  /** Lists `owner`'s tasks a page at a time; nothing for an owner many clients may share (an address), whose tasks only their ids reach. */
  list(owner: string | undefined, cursor: string | undefined): Promise<{ tasks: TaskState[]; nextCursor?: string }> {
    if (owner === undefined || !isListableOwner(owner)) {
      // Refused all the same: an empty page would pass a garbage cursor off as the end of the list.
      taskListOffset(cursor);
      return Promise.resolve({ tasks: [] });
    }
    return this.store.list({ owner, ...(cursor === undefined ? {} : { cursor }) });
  }

  // Creates the task within the limits: its TTL cut to the longest allowed, the store's quota checked.
  private async create(start: TaskStart, call: StartedCall): Promise<TaskState> {
    const request = call as unknown as Record<string, unknown>;
    try {
      return await this.store.create({
        ttlMs: Math.min(start.ttlMs, this.limits.maxTaskTtlMs),
        pollIntervalMs: start.pollIntervalMs,
        request,
        ...(start.owner === undefined ? {} : { owner: start.owner }),
        quota: toQuota(this.limits),
      });
    } catch (error) {
      throw error instanceof QuotaFull ? taskLimitError(error.cap, this.limits) : error;
    }
  }

  /**
   * Cancels a running task: its status becomes `cancelled` at once and the method's `ctx.signal`
   * fires. Returns the task's state, and whether it had already finished (then nothing changed).
   */
  async cancel(taskId: string, owner: string | undefined): Promise<{ state: TaskState; alreadyFinished: boolean }> {
    const state = await this.store.get(taskId, owner);
    if (!state) throw missingTask(taskId);
    if (isTerminal(state.status)) return { state, alreadyFinished: true };
    const cancelled = await this.store.update(taskId, { status: "cancelled", statusMessage: "Cancelled by the client." }, owner);
    this.running.abort(taskId);
    // It finished in between: report what it finished with.
    if (!cancelled) return { state: (await this.store.get(taskId, owner)) ?? state, alreadyFinished: true };
    return { state: cancelled, alreadyFinished: false };
  }

  /**
   * Waits until the task has finished: woken by the store when it tells of finishes (and looking
   * every second besides), else looking every `everyMs`; rejects when `signal` fires first.
   */
  settled(taskId: string, owner: string | undefined, signal: AbortSignal, everyMs = 100): Promise<TaskRecord> {
    const store = this.store;
    const watch = store.watchFinish && ((listener: () => void) => store.watchFinish!(taskId, listener, owner));
    return settledTask(() => this.read(taskId, owner), watch, signal, watch ? TOLD_LOOK_MS : everyMs);
  }

  /** Runs one run of a task here, to its end (or its questions): what a task's place does with an order. */
  runHere(order: TaskRunOrder): Promise<void> {
    const { taskId, owner, call } = order;
    const tool = this.services.tool(call.tool);
    if (!tool) return this.store.finish(taskId, toolGone(taskId, call.tool), owner).then(() => undefined);
    const controller = new AbortController();
    const round = call.era === "2026-07-28" ? new InputRound(order.answers) : undefined;
    // Made only for a method that takes a context: a running task holds what it is given, a thousand times over.
    let context: TaskContext | undefined;
    const contextOf = () => (context ??= this.contextFor(taskId, owner, controller, round, call));
    return this.settle(taskId, owner, controller, call, round, callAsTaskRun(tool, call.arguments, callerOf(call, owner), contextOf));
  }

  // Sends the run to its place, or runs it here past the response; a run no place took fails the task, saying so.
  private async launch(order: TaskRunOrder, tool: RegisteredTool): Promise<void> {
    if (!this.place) return keepWorking(this.runHere(order));
    try {
      await this.place.run(order);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      await this.store.finish(
        order.taskId,
        { error: { code: -32603, message: `Task "${order.taskId}" (tool "${tool.name}") could not be started: ${why}` } },
        order.owner,
      );
    }
  }

  private contextFor(taskId: string, owner: string | undefined, controller: AbortController, round: InputRound | undefined, call: StartedCall): TaskContext {
    return new TaskContext({
      taskId,
      owner,
      controller,
      round,
      client: call.client,
      auth: call.auth,
      caller: callerOf(call, owner),
      host: this.host,
    });
  }

  // Records how one run of the task ends: its result or error, or the questions it waits on; never
  // rejects (what cannot be recorded is reported). Not an async function: while the run goes on,
  // an async frame waiting on it (its generator, registers and promise) is held by every task.
  private settle(
    taskId: string,
    owner: string | undefined,
    controller: AbortController,
    call: StartedCall,
    round: InputRound | undefined,
    running: Promise<unknown>,
  ): Promise<void> {
    // Another instance may cancel the task (or it may expire): its task is looked at now and then.
    this.running.add(taskId, owner, controller, call.pollIntervalMs);
    return running.then(
      (result) => this.recordEnd(taskId, call.tool, controller, () => this.finish(taskId, owner, { result: result as Record<string, unknown> })),
      (thrown: unknown) =>
        this.recordEnd(taskId, call.tool, controller, () =>
          thrown instanceof InputNeeded && round ? this.store.awaitInput(taskId, toInputRequests(round), owner) : this.finish(taskId, owner, toFailure(thrown)),
        ),
    );
  }

  // Stops watching the run, then records how it ended with `record`; what cannot be recorded is reported, never thrown.
  private async recordEnd(taskId: string, tool: string, controller: AbortController, record: () => Promise<unknown>): Promise<void> {
    this.running.delete(taskId, controller);
    try {
      await record();
    } catch (error) {
      reportLost(taskId, tool, error);
    }
  }

  // Keeps the outcome unless it is over the limits; then the task fails with the error that says
  // which limit, and the outcome is dropped (an error is small: it is kept without a quota).
  private async finish(taskId: string, owner: string | undefined, outcome: TaskOutcome): Promise<void> {
    const bytes = jsonBytes(outcome);
    if (bytes > this.limits.maxTaskResultBytes) {
      await this.store.finish(taskId, toFailure(taskLimitError("maxTaskResultBytes", this.limits, ` (it has ${bytes} bytes)`)), owner);
      return;
    }
    try {
      await this.store.finish(taskId, outcome, owner, toQuota(this.limits));
    } catch (error) {
      if (!(error instanceof QuotaFull)) throw error;
      await this.store.finish(taskId, toFailure(taskLimitError(error.cap, this.limits, ` (its result has ${bytes} bytes)`)), owner);
    }
  }
}

// Who started a task's call; a task an older version stored says only whose it is.
function callerOf(call: StartedCall, owner: string | undefined): CallerIdentity {
  return call.caller ?? { kind: "anonymous", key: owner ?? "unknown", countKey: owner ?? "unknown" };
}

function toolGone(taskId: string, tool: string): TaskOutcome {
  return { error: { code: -32603, message: `Task "${taskId}" cannot go on: its tool "${tool}" is no longer served.` } };
}

function reportLost(taskId: string, tool: string, error: unknown): void {
  process.stderr.write(`[typemcp] task ${taskId} (tool "${tool}") could not record how it ended: ${error instanceof Error ? error.message : String(error)}\n`);
}

function toInputRequests(round: InputRound): Record<string, TaskInputRequest> {
  const requests: Record<string, TaskInputRequest> = {};
  for (const [key, { method, params }] of round.open) requests[key] = loadedSdk().toInputRequest(method, params) as TaskInputRequest;
  return requests;
}

// A tool's own failure is a completed task with an `isError` result; only a JSON-RPC error
// fails a task (the Tasks extension keeps `failed` for those).
function toFailure(thrown: unknown): TaskOutcome {
  if (thrown instanceof ProtocolError) return { error: { code: thrown.jsonRpcCode, message: thrown.message } };
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { error: { code: -32603, message: `Internal error while running the task: ${message}` } };
}

/**
 * The error for a task the caller cannot reach: never issued, expired, or another owner's. One
 * message for all three, so that it tells nobody whether someone else's task exists.
 */
export function missingTask(taskId: string): ProtocolError {
  const shown = taskId.length > 120 ? `${taskId.slice(0, 120)}…` : taskId;
  return new ProtocolError(
    "TASK_NOT_FOUND",
    `Task not found: "${shown}". No task with this id is yours on this server: it was never started, it expired (a task and its result are kept for its ttl after it starts, then deleted), or another client started it. (Tasks live in each instance's memory unless the server runs with --redis; behind a load balancer, give every instance the same Redis.)`,
  );
}

/**
 * The call a stored task keeps. A task stored by a version before the eras were named by their
 * revision (another instance in a rolling deploy, or a Redis store that outlived an upgrade) says
 * `modern` or `legacy`: read as the same eras.
 */
export function startedCallOf(stored: unknown): StartedCall | undefined {
  const call = stored as (Omit<StartedCall, "era"> & { era: Era | "modern" | "legacy" }) | undefined;
  if (!call) return undefined;
  if (call.era === "modern") return { ...call, era: "2026-07-28" };
  if (call.era === "legacy") return { ...call, era: "2025-11-25" };
  return call as StartedCall;
}
