import ts from "./typescript.cjs";
import type { TaskPlan } from "../../definitions/tool-definition.js";
import type { Reporter } from "./derive-parameters.js";
import { evaluateLiteral } from "./evaluate-literal.js";

/** How long a task and its result are kept when the author does not say (ms): one hour. */
export const DEFAULT_TASK_TTL_MS = 3_600_000;
/** How often a client is told to poll when the author does not say (ms). */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1_000;

const KEYS = new Set(["required", "ttlMs", "pollIntervalMs", "startAfterMs"]);

/**
 * The task plan of a `@tool({ task })` decorator, read from its literal: undefined when the tool
 * is not a task (no `task`, or `task: false`). A value the build cannot read, or of the wrong
 * shape, is reported at the option.
 */
export function deriveTask(decorator: ts.Decorator, checker: ts.TypeChecker, report: Reporter): TaskPlan | undefined {
  const options = ts.isCallExpression(decorator.expression) ? decorator.expression.arguments[0] : undefined;
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  const property = options.properties.find((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === "task");
  if (!property) return undefined;
  if (!ts.isPropertyAssignment(property)) {
    report.fail(property, "write the task option as `task: true` or `task: { required, ttlMs, pollIntervalMs, startAfterMs }`, so the build can read it");
    return undefined;
  }
  const value = evaluateLiteral(property.initializer, checker);
  if (value === false) return undefined;
  if (value === true) return { support: "optional", ttlMs: DEFAULT_TASK_TTL_MS, pollIntervalMs: DEFAULT_TASK_POLL_INTERVAL_MS };
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    report.fail(
      property.initializer,
      "the task option must be a literal the build can read: `true`, `false` or `{ required?: boolean, ttlMs?: number, pollIntervalMs?: number, startAfterMs?: number }`",
    );
    return undefined;
  }
  const fields = value as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => !KEYS.has(key));
  if (unknown.length)
    report.fail(
      property.initializer,
      `unknown task option ${unknown.map((k) => `"${k}"`).join(", ")}; the task option takes required, ttlMs, pollIntervalMs and startAfterMs`,
    );
  if (fields.required !== undefined && typeof fields.required !== "boolean") report.fail(property.initializer, "task.required must be true or false");
  const ttlMs = milliseconds(fields.ttlMs, "ttlMs", DEFAULT_TASK_TTL_MS, property.initializer, report);
  const pollIntervalMs = milliseconds(fields.pollIntervalMs, "pollIntervalMs", DEFAULT_TASK_POLL_INTERVAL_MS, property.initializer, report);
  const startAfterMs = fields.startAfterMs === undefined ? 0 : milliseconds(fields.startAfterMs, "startAfterMs", 0, property.initializer, report, true);
  return { support: fields.required === true ? "required" : "optional", ttlMs, pollIntervalMs, ...(startAfterMs > 0 ? { startAfterMs } : {}) };
}

// The Tasks extension sends both as integer milliseconds; a fraction or a zero would be refused by clients.
function milliseconds(value: unknown, name: string, fallback: number, node: ts.Node, report: Reporter, zeroAllowed = false): number {
  if (value === undefined) return fallback;
  if (typeof value === "number" && Number.isInteger(value) && (value > 0 || (zeroAllowed && value === 0))) return value;
  report.fail(node, `task.${name} must be a ${zeroAllowed ? "non-negative" : "positive"} whole number of milliseconds (got ${JSON.stringify(value)})`);
  return fallback;
}
