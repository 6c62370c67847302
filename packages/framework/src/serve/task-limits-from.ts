import { TypemcpError } from "../errors/typemcp-error.js";
import { limitSetting, type TaskLimits } from "../runtime/tasks/task-limits.js";

/** The limits read from whole numbers as given; `maxTaskTtlMs` is given in seconds, as `--list-ttl` is. */
const LIMITS = ["maxTasks", "maxTasksPerOwner", "maxTaskResultBytes", "maxTaskBytes", "maxTaskBytesPerOwner", "maxTaskTtlMs"] as const;

/**
 * The bounds on tasks whoever runs the server set: each `--max-task…` flag over its
 * `MCP_MAX_TASK…` variable (see `TaskLimits` for the names); only those given, so the code's
 * `taskLimits` (or the defaults) hold for the rest. `--max-task-ttl` is in seconds.
 */
export function taskLimitsFrom(argv: readonly string[], env: NodeJS.ProcessEnv): TaskLimits {
  const limits: TaskLimits = {};
  for (const limit of LIMITS) {
    const { flag, env: variable } = limitSetting(limit);
    const i = argv.indexOf(flag);
    const value = i === -1 ? (env[variable] === "" ? undefined : env[variable]) : (argv[i + 1] ?? "");
    if (value === undefined) continue;
    const count = Number(value);
    if (value.trim() === "" || !Number.isInteger(count) || count < 1) {
      const unit = limit === "maxTaskTtlMs" ? "seconds" : limit.includes("Bytes") ? "bytes" : "tasks";
      throw new TypemcpError({
        code: "INVALID_CONFIGURATION",
        message: `${flag} / ${variable} must be a whole number of ${unit}, 1 or more, not "${value}".`,
      });
    }
    limits[limit] = limit === "maxTaskTtlMs" ? count * 1000 : count;
  }
  return limits;
}
