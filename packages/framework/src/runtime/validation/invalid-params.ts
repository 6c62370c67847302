/** One problem a schema parse found: where, and what. The shape zod's issues share. */
export interface ParamsIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A request's params failed its method's schema: a JSON-RPC -32602 error, in words. */
export interface InvalidParamsError {
  code: -32602;
  message: string;
}

/**
 * Turns an SDK schema-parse failure (a zod error carrying `issues`) into -32602 with a readable
 * message, e.g. `Invalid params for "logging/setLevel": level: Invalid option: expected one of
 * "debug"|…`. Anything else comes back undefined, to be reported as it is.
 */
export function toInvalidParams(method: string, error: unknown): InvalidParamsError | undefined {
  const issues = issuesOf(error);
  if (!issues) return undefined;
  // The request parse reports paths from the request root; a zod error from deeper inside a
  // handler (a client's reply that failed its schema) is not the caller's params' fault.
  if (!(issues as ParamsIssue[]).every((issue) => issue.path[0] === "params")) return undefined;
  const lines = (issues as ParamsIssue[]).slice(0, 10).map((issue) => {
    const path = issue.path
      .filter((key) => key !== "params")
      .map(String)
      .join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length > 10 ? `; and ${issues.length - 10} more` : "";
  return { code: -32602, message: `Invalid params for "${method}": ${lines.join("; ")}${more}.` };
}

// The SDK (v2) reports a failed parse as an Error whose message is the zod issue list as JSON,
// after "Invalid <method> request: " for most methods; a zod error itself carries `issues`.
function issuesOf(error: unknown): ParamsIssue[] | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  const name = (error as { name?: unknown } | null)?.name;
  if (Array.isArray(issues) && (name === "ZodError" || name === "$ZodError")) return issues as ParamsIssue[];
  const message = (error as { message?: unknown } | null)?.message;
  const listed = typeof message === "string" ? /^(?:Invalid [\w/]+ request: )?(\[\s*\{[\s\S]*\])$/.exec(message)?.[1] : undefined;
  if (listed === undefined) return undefined;
  try {
    const parsed = JSON.parse(listed) as unknown;
    return Array.isArray(parsed) && parsed.every((issue) => Array.isArray(issue?.path) && typeof issue?.message === "string")
      ? (parsed as ParamsIssue[])
      : undefined;
  } catch {
    return undefined;
  }
}
