import { storeUnavailable, type RedisConnection } from "./redis-connection.js";
import { RedisTaskFinishes } from "./redis-task-finishes.js";
import { toState } from "./redis-task-state.js";
import {
  isTerminal,
  newTaskId,
  taskListOffset,
  type NewTask,
  type TaskAnswered,
  type TaskInputRequest,
  type TaskOutcome,
  type TaskRecord,
  type TaskState,
  type TaskStatus,
  type TaskStore,
} from "../runtime/tasks/task-store.js";
import { QuotaFull, type QuotaCap, type TaskQuota } from "../runtime/tasks/task-limits.js";
import { TASK_RECORD_BYTES } from "../runtime/tasks/task-usage.js";

// One hash per task (its state, owner and size) and one string for its outcome, both expiring with
// the task's TTL; one sorted set per owner, in creation order (a counter, as two tasks can share a
// millisecond), for listing. Status changes run as scripts so that two instances racing (a result
// here, a cancel there) cannot both win, and two creating at once cannot both take the last place.
//
// What the quotas count is kept as it changes, so a check costs the same however many tasks are
// held: a hash of running tasks and bytes, server-wide and per owner (`tasks-usage`); what each
// task adds to it (`tasks-held`: "running|bytes|owner", which outlives the task's own keys); and
// every task by expiry (`tasks-live`), so that what expired stops counting at the next change.
const USAGE = `
local function tally(usage, owner, running, bytes)
  if running ~= 0 then redis.call('HINCRBY', usage, 'running', running) end
  if bytes ~= 0 then redis.call('HINCRBY', usage, 'bytes', bytes) end
  if owner == '' then return end
  local r = redis.call('HINCRBY', usage, 'running:' .. owner, running)
  local b = redis.call('HINCRBY', usage, 'bytes:' .. owner, bytes)
  if r <= 0 and b <= 0 then redis.call('HDEL', usage, 'running:' .. owner, 'bytes:' .. owner) end
end
local function sweep(live, held, usage, now)
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', live, '-inf', now)) do
    local entry = redis.call('HGET', held, id)
    if entry then
      local running, bytes, owner = string.match(entry, '^(%d+)|(%d+)|(.*)$')
      tally(usage, owner, -tonumber(running), -tonumber(bytes))
      redis.call('HDEL', held, id)
    end
    redis.call('ZREM', live, id)
  end
end
local function full(usage, owner, first, addRunning, addBytes)
  local u = redis.call('HMGET', usage, 'running', 'bytes', 'running:' .. owner, 'bytes:' .. owner)
  local running, bytes = tonumber(u[1] or '0'), tonumber(u[2] or '0')
  local ownRunning, ownBytes = tonumber(u[3] or '0'), tonumber(u[4] or '0')
  if addRunning > 0 and running + addRunning > tonumber(ARGV[first]) then return 'maxTasks' end
  if addRunning > 0 and owner ~= '' and ownRunning + addRunning > tonumber(ARGV[first + 1]) then return 'maxTasksPerOwner' end
  if bytes + addBytes > tonumber(ARGV[first + 2]) then return 'maxBytes' end
  if owner ~= '' and ownBytes + addBytes > tonumber(ARGV[first + 3]) then return 'maxBytesPerOwner' end
  return false
end
`;

// KEYS: task, owner index, counter, live, held, usage.
// ARGV: ttl, now (ms), taskId, owner, bytes, quota? ('1'/'0'), four caps, then the hash's fields.
const CREATE = `${USAGE}
sweep(KEYS[4], KEYS[5], KEYS[6], ARGV[2])
if ARGV[6] == '1' then
  local cap = full(KEYS[6], ARGV[4], 7, 1, tonumber(ARGV[5]))
  if cap then return cap end
end
redis.call('HSET', KEYS[1], unpack(ARGV, 11))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[3])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
redis.call('ZADD', KEYS[4], tonumber(ARGV[2]) + tonumber(ARGV[1]), ARGV[3])
redis.call('HSET', KEYS[5], ARGV[3], '1|' .. ARGV[5] .. '|' .. ARGV[4])
tally(KEYS[6], ARGV[4], 1, tonumber(ARGV[5]))
return 'ok'`;

// KEYS: task, outcome, live, held, usage.
// ARGV: owner, status, now, has message, message, outcome ('' for none), quota? ('1'/'0'), four caps, now (ms), taskId.
const CHANGE = `${USAGE}
sweep(KEYS[3], KEYS[4], KEYS[5], ARGV[12])
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
local status = redis.call('HGET', KEYS[1], 'status')
if status == 'completed' or status == 'failed' or status == 'cancelled' then return 0 end
local added = string.len(ARGV[6])
if added > 0 and ARGV[7] == '1' then
  local cap = full(KEYS[5], ARGV[1], 8, 0, added)
  if cap then return cap end
end
local ends = ARGV[2] == 'completed' or ARGV[2] == 'failed' or ARGV[2] == 'cancelled'
-- Counted only while the task is held: once swept (another instance's clock may run ahead), it counts no more.
if (ends or added > 0) and redis.call('HEXISTS', KEYS[4], ARGV[13]) == 1 then
  local bytes = redis.call('HINCRBY', KEYS[1], 'bytes', added)
  tally(KEYS[5], ARGV[1], ends and -1 or 0, added)
  redis.call('HSET', KEYS[4], ARGV[13], (ends and '0' or '1') .. '|' .. bytes .. '|' .. ARGV[1])
end
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'lastUpdatedAt', ARGV[3])
if ARGV[4] == '1' then redis.call('HSET', KEYS[1], 'statusMessage', ARGV[5]) else redis.call('HDEL', KEYS[1], 'statusMessage') end
if ARGV[6] ~= '' then redis.call('SET', KEYS[2], ARGV[6], 'PX', math.max(redis.call('PTTL', KEYS[1]), 1)) end
if ARGV[2] ~= 'input_required' then
  for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
    if string.sub(field, 1, 5) == 'open:' then redis.call('HDEL', KEYS[1], field) end
  end
end
return 1`;

// A task's open questions are fields `open:<key>`, its answers `answer:<key>`, each holding its
// own JSON: the scripts move them without decoding, so no value is re-encoded on the way.
const AWAIT_INPUT = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
local status = redis.call('HGET', KEYS[1], 'status')
if status == 'completed' or status == 'failed' or status == 'cancelled' then return 0 end
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, 5) == 'open:' then redis.call('HDEL', KEYS[1], field) end
end
redis.call('HDEL', KEYS[1], 'statusMessage')
redis.call('HSET', KEYS[1], 'status', 'input_required', 'lastUpdatedAt', ARGV[2])
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], 'open:' .. ARGV[i], ARGV[i + 1]) end
return 1`;

const ANSWER = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
if redis.call('HGET', KEYS[1], 'status') ~= 'input_required' then return 1 end
local answered = 0
for i = 3, #ARGV, 2 do
  if redis.call('HEXISTS', KEYS[1], 'open:' .. ARGV[i]) == 1 then
    redis.call('HDEL', KEYS[1], 'open:' .. ARGV[i])
    redis.call('HSET', KEYS[1], 'answer:' .. ARGV[i], ARGV[i + 1])
    answered = answered + 1
  end
end
if answered == 0 then return 1 end
redis.call('HSET', KEYS[1], 'lastUpdatedAt', ARGV[2])
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, 5) == 'open:' then return 1 end
end
redis.call('HDEL', KEYS[1], 'statusMessage')
redis.call('HSET', KEYS[1], 'status', 'working')
return 2`;

/** Options for `RedisTaskStore`. */
export interface RedisTaskStoreOptions {
  /** Key prefix shared by every instance of one server, e.g. `{typemcp:calc}:`. */
  prefix: string;
}

/**
 * A `TaskStore` on Redis: a task started through one instance is polled, cancelled and its result
 * fetched through any other. State and outcome expire with the task's TTL. Every failing Redis
 * call becomes a STORE_UNAVAILABLE error naming what could not be done.
 */
export class RedisTaskStore implements TaskStore {
  private readonly finishes: RedisTaskFinishes;

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: RedisTaskStoreOptions,
  ) {
    this.finishes = new RedisTaskFinishes(redis, `${options.prefix}tasks-finished`);
  }

  async create(task: NewTask): Promise<TaskState> {
    const now = new Date();
    const ttlMs = Math.max(1, Math.floor(task.ttlMs));
    const state: TaskState = {
      taskId: newTaskId(now.getTime() + ttlMs),
      status: "working",
      createdAt: now.toISOString(),
      lastUpdatedAt: now.toISOString(),
      ttlMs,
      ...(task.pollIntervalMs === undefined ? {} : { pollIntervalMs: task.pollIntervalMs }),
    };
    const request = task.request ? JSON.stringify(task.request) : undefined;
    const bytes = TASK_RECORD_BYTES + (request === undefined ? 0 : Buffer.byteLength(request));
    const fields = Object.entries({ ...state, owner: task.owner ?? "", bytes, ...(request === undefined ? {} : { request }) }).flatMap(([k, v]) => [
      k,
      String(v),
    ]);
    const done = await this.run("create a task", () =>
      this.redis.client.eval(
        CREATE,
        6,
        this.key(state.taskId),
        this.index(task.owner),
        `${this.options.prefix}tasks-created`,
        ...this.usageKeys(),
        ttlMs,
        now.getTime(),
        state.taskId,
        task.owner ?? "",
        bytes,
        ...this.quotaArgs(task.quota),
        ...fields,
      ),
    );
    if (done !== "ok") throw new QuotaFull(done as QuotaCap);
    return state;
  }

  async get(taskId: string, owner?: string): Promise<TaskState | undefined> {
    const hash = await this.run("read a task", () => this.redis.client.hgetall(this.key(taskId)));
    return toState(hash, owner);
  }

  async update(taskId: string, change: { status: TaskStatus; statusMessage?: string }, owner?: string): Promise<TaskState | undefined> {
    const changed = await this.change("update a task", taskId, owner, change.status, change.statusMessage, "");
    return changed ? this.get(taskId, owner) : undefined;
  }

  async finish(taskId: string, outcome: TaskOutcome, owner?: string, quota?: TaskQuota): Promise<boolean> {
    return this.change("store a task's result", taskId, owner, "result" in outcome ? "completed" : "failed", undefined, JSON.stringify(outcome), quota);
  }

  async outcome(taskId: string, owner?: string): Promise<TaskOutcome | undefined> {
    if (!(await this.get(taskId, owner))) return undefined;
    const raw = await this.run("read a task's result", () => this.redis.client.get(this.outcomeKey(taskId)));
    return raw === null ? undefined : (JSON.parse(raw) as TaskOutcome);
  }

  async read(taskId: string, owner?: string): Promise<TaskRecord | undefined> {
    const hash = await this.run("read a task", () => this.redis.client.hgetall(this.key(taskId)));
    const state = toState(hash, owner);
    if (!state) return undefined;
    const inputRequests: Record<string, TaskInputRequest> = {};
    const answers: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(hash)) {
      if (field.startsWith("open:")) inputRequests[field.slice(5)] = JSON.parse(value) as TaskInputRequest;
      else if (field.startsWith("answer:")) answers[field.slice(7)] = JSON.parse(value);
    }
    const raw =
      state.status === "completed" || state.status === "failed"
        ? await this.run("read a task's result", () => this.redis.client.get(this.outcomeKey(taskId)))
        : null;
    return {
      state,
      answers,
      ...(raw === null ? {} : { outcome: JSON.parse(raw) as TaskOutcome }),
      ...(state.status === "input_required" ? { inputRequests } : {}),
      ...(hash.request === undefined ? {} : { request: JSON.parse(hash.request) as Record<string, unknown> }),
    };
  }

  async awaitInput(taskId: string, requests: Record<string, TaskInputRequest>, owner?: string): Promise<boolean> {
    const pairs = Object.entries(requests).flatMap(([key, request]) => [key, JSON.stringify(request)]);
    const done = await this.run("park a task for input", () =>
      this.redis.client.eval(AWAIT_INPUT, 1, this.key(taskId), owner ?? "", new Date().toISOString(), ...pairs),
    );
    return done === 1;
  }

  async answer(taskId: string, responses: Record<string, unknown>, owner?: string): Promise<TaskAnswered | undefined> {
    const pairs = Object.entries(responses).flatMap(([key, response]) => [key, JSON.stringify(response)]);
    const done = await this.run("record a task's input", () =>
      this.redis.client.eval(ANSWER, 1, this.key(taskId), owner ?? "", new Date().toISOString(), ...pairs),
    );
    if (done === 0) return undefined;
    const record = await this.read(taskId, owner);
    return record && { resume: done === 2, record };
  }

  async list(options: { owner?: string; cursor?: string; limit?: number } = {}): Promise<{ tasks: TaskState[]; nextCursor?: string }> {
    // Tasks without an owner are reached by their id alone, never listed.
    const start = taskListOffset(options.cursor);
    if (options.owner === undefined) return { tasks: [] };
    const limit = options.limit ?? 100;
    const index = this.index(options.owner);
    const ids = await this.run("list tasks", () => this.redis.client.zrange(index, start, start + limit));
    const tasks: TaskState[] = [];
    const expired: string[] = [];
    for (const id of ids.slice(0, limit)) {
      const state = await this.get(id, options.owner);
      if (state) tasks.push(state);
      else expired.push(id);
    }
    // Tasks expire on their own; their index entries are dropped when a listing finds them gone.
    if (expired.length) await this.run("list tasks", () => this.redis.client.zrem(index, ...expired));
    return ids.length > limit ? { tasks, nextCursor: String(start + limit - expired.length) } : { tasks };
  }

  watchFinish(taskId: string, listener: () => void): () => void {
    return this.finishes.watch(taskId, listener);
  }

  private async change(
    what: string,
    taskId: string,
    owner: string | undefined,
    status: TaskStatus,
    statusMessage: string | undefined,
    outcome: string,
    quota?: TaskQuota,
  ): Promise<boolean> {
    const now = new Date();
    const args = [
      owner ?? "",
      status,
      now.toISOString(),
      statusMessage === undefined ? "0" : "1",
      statusMessage ?? "",
      outcome,
      ...this.quotaArgs(quota),
      now.getTime(),
      taskId,
    ];
    const done = await this.run(what, () => this.redis.client.eval(CHANGE, 5, this.key(taskId), this.outcomeKey(taskId), ...this.usageKeys(), ...args));
    if (typeof done === "string") throw new QuotaFull(done as QuotaCap);
    if (done === 1 && isTerminal(status)) this.finishes.publish(taskId);
    return done === 1;
  }

  // The scripts' quota arguments: whether to check, then the four caps.
  private quotaArgs(quota: TaskQuota | undefined): Array<string | number> {
    const caps = quota ? [quota.maxTasks, quota.maxTasksPerOwner, quota.maxBytes, quota.maxBytesPerOwner] : [0, 0, 0, 0];
    return [quota ? "1" : "0", ...caps];
  }

  // Where the quotas are counted: every task by expiry, what each holds, and the totals.
  private usageKeys(): [string, string, string] {
    const p = this.options.prefix;
    return [`${p}tasks-live`, `${p}tasks-held`, `${p}tasks-usage`];
  }

  private async run<T>(what: string, command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw storeUnavailable(what, this.redis.where, error);
    }
  }

  private key(taskId: string): string {
    return `${this.options.prefix}task:${taskId}`;
  }

  private outcomeKey(taskId: string): string {
    return `${this.options.prefix}task:${taskId}:outcome`;
  }

  private index(owner: string | undefined): string {
    return `${this.options.prefix}tasks:${owner ?? ""}`;
  }
}
