/**
 * What each error code means to the person who meets it: when it happens and what to do. Kept
 * beside `ERROR_CODES` (and typed by it, so a new code without a description does not compile)
 * and out of the runtime: only the error reference in docs/errors.md is generated from it.
 */
import type { ErrorCode } from "./codes.js";

/** When an error code happens and what its reader should do about it. */
export interface CodeDescription {
  /** When it happens, in one or two sentences. */
  readonly when: string;
  /** What to do about it. */
  readonly fix: string;
}

/** Every error code, described for the error reference. */
export const CODE_DESCRIPTIONS: { readonly [C in ErrorCode]: CodeDescription } = {
  UNSUPPORTED_SIGNATURE: {
    when: "`typemcp build` (or the Vite plugin) meets a tool, resource or prompt signature it cannot turn into a schema: a function, `bigint` or `Map` parameter, a generic method, a decorator on a getter, an `elicit<T>` form with a nested object…",
    fix: "Read the message at the `file:line:column` it names: it says which parameter or property and what to write instead. The types that work are in [tools and types](tools-and-types.md#supported-types).",
  },
  TYPE_CHECK_FAILED: {
    when: "The project does not type-check, or a view no longer fits its tool's types; the build writes nothing.",
    fix: "Fix the TypeScript error it prints (as `tsc` would report it), then build again.",
  },
  DUPLICATE_TOOL_NAME: {
    when: "Two tools served together have one name: two methods, two classes given to one server, or a mount whose prefix collides.",
    fix: "Rename one (`@tool({ name })`) or mount it under another prefix; the message names both methods.",
  },
  DUPLICATE_RESOURCE_URI: {
    when: "Two resources served together have one URI or URI template.",
    fix: "Give one of them another URI; the message names both methods.",
  },
  DUPLICATE_PROMPT_NAME: {
    when: "Two prompts served together have one name.",
    fix: "Rename one (`@prompt({ name })`); the message names both methods.",
  },
  NOT_BUILT: {
    when: "A server starts (or calls `ctx.elicit<T>()`) from JavaScript that plain `tsc` compiled: the decorated methods carry no definitions.",
    fix: "Compile with `typemcp build` (or test through `typemcp/vite`), then start the built file.",
  },
  INVALID_CONFIGURATION: {
    when: "A setting cannot work: a bad `serve()` option, flag or `MCP_*` variable, `--redis` without `MCP_REQUEST_STATE_KEY`, an OAuth issuer that is not https, a project setup the bundler cannot serve.",
    fix: "The message names the setting and the value it takes; change it and start (or build) again.",
  },
  INVALID_SKILL: {
    when: "A skill under `skills/` (or given to `serve({ skills })`) breaks the Agent Skills format: no `SKILL.md` frontmatter, a missing or invalid `name` or `description`, a `name` that is not its folder's, or an `allowed-tools` entry that names no tool of the server.",
    fix: "The message names the file and line; fix the frontmatter, rename the folder, or name a tool the server serves.",
  },
  PARSE_ERROR: {
    when: "A request is not JSON (a stdio line, or an HTTP body); the transport answers it and keeps serving.",
    fix: "Send one JSON-RPC message per line (stdio) or per body (HTTP).",
  },
  INVALID_REQUEST: {
    when: "A message is JSON but not JSON-RPC 2.0: a batch, an id that is not a string or an integer, a 2025-11-25 request before `initialize`.",
    fix: "Send one JSON-RPC 2.0 request at a time, with a string or integer id, after `initialize` in 2025-11-25.",
  },
  UNKNOWN_TOOL: {
    when: "`tools/call` names a tool the server does not serve (or has disabled); the message lists the tools there are.",
    fix: "Call a listed tool; ask `tools/list` again if the list changed.",
  },
  UNKNOWN_PROMPT: {
    when: "`prompts/get` (or a completion) names a prompt the server does not serve.",
    fix: "Use a name from `prompts/list`.",
  },
  INVALID_PARAMS: {
    when: "A request's parameters are wrong: a missing prompt argument, an unknown cursor or log level, a string over the length cap, a `requestState` tampered with, used twice or issued for another call.",
    fix: "The message names the parameter and the problem; fix the request. For a refused `requestState`, start the call again.",
  },
  RESOURCE_NOT_FOUND: {
    when: "`resources/read` or `resources/subscribe` names a URI the server does not serve (or the caller's scopes do not reach).",
    fix: "Use a URI from `resources/list` or one that fits a template of `resources/templates/list`.",
  },
  UNKNOWN_SKILL: {
    when: "`skills/get` names a URI that is not the `SKILL.md` of a skill the server serves, or `resources/directory/read` one that is not a directory of its skills.",
    fix: "Use a `uri` from `skills/list` (a skill's `SKILL.md`) or a directory above a file of one; the message names the skills there are.",
  },
  METHOD_FAILED: {
    when: "A resource or prompt method threw: the client gets a JSON-RPC error (a tool's throw is a tool error instead).",
    fix: "The message (or, behind `maskErrors()`, the server's log) says what the method threw; fix the method or its input.",
  },
  STORE_UNAVAILABLE: {
    when: "With `--redis`, the shared store cannot be reached, so something that needs it (a resumed stream, a task, a `requestState`) cannot be answered safely.",
    fix: "Start Redis or fix `--redis`/`REDIS_URL`; instances reconnect within a second. The client can retry shortly.",
  },
  TASK_NOT_FOUND: {
    when: "A `tasks/*` request names a task that was never issued, has expired, or belongs to another owner (all three get the same answer).",
    fix: "Use the id the server returned, within its TTL, with the same credentials or session that started it.",
  },
  TASK_LIMIT_REACHED: {
    when: "A new task (or a finishing one) would pass one of the task limits: running tasks, result bytes or kept bytes, per owner or per server.",
    fix: "Wait for tasks to finish or expire, or raise the limit the message names (`--max-tasks`, `--max-task-bytes`…, or `serve(…, { taskLimits })`).",
  },
  RATE_LIMITED: {
    when: "The `rateLimit()` middleware refused a request: its caller made too many in the window.",
    fix: "Try again after the number of seconds the message gives, or raise the middleware's limit.",
  },
  STORE_REFUSED: {
    when: "Redis answered a command with an error (`WRONGTYPE`, `OOM`, `READONLY`): something else writes under typemcp's keys, or Redis is full or a replica.",
    fix: "Give the server a Redis (or a key prefix, through the server's name) of its own, with room to write; retrying will not help.",
  },
  INVALID_ARGUMENTS: {
    when: "A `tools/call`'s arguments do not fit the tool's input schema; the method does not run, and the model gets an `isError` result naming each wrong parameter.",
    fix: "The model corrects the call from the message; if a correct call is refused, check the parameter's type and JSDoc tags.",
  },
  TOOL_FAILED: {
    when: "A tool threw a `ToolError`: a failure it explains to the model in its own words.",
    fix: "Nothing to fix in the server: write the message as advice the model can act on.",
  },
  INTERNAL_TOOL_ERROR: {
    when: "A tool threw something other than a `ToolError`: the model gets `Name: message`, the stack goes to stderr.",
    fix: "Look at the stack on stderr; throw a `ToolError` for failures the model should read, and add `maskErrors()` to keep unexpected messages from clients.",
  },
  INVALID_RESULT: {
    when: "A tool returned a value that breaks its own output schema (`Infinity`, `NaN`, a `Map`, a cycle, a value cast with `as any`): the result is not sent, the call fails naming each wrong part.",
    fix: "Return what the return type declares; throw a `ToolError` where a result can overflow.",
  },
  HOST_USAGE: {
    when: "`typemcp` was given a command, option or value it does not take (exit code 2).",
    fix: "Follow the message (it suggests the nearest command or option) or run `typemcp <command> --help`.",
  },
  HOST_CONFIG_INVALID: {
    when: "The `mcp.json` given with `--config` cannot be read, is not JSON, or describes a server wrongly (exit code 2).",
    fix: "Fix the file at the place the message names.",
  },
  HOST_ARGUMENT_INVALID: {
    when: "A tool argument given with `--arg` or `--args` is not valid, or does not fit the tool's input schema, so the call is not sent (exit code 2).",
    fix: "Give the arguments the tool's schema asks for (`typemcp list` shows them).",
  },
  HOST_TOOL_NOT_FOUND: {
    when: "`typemcp call` (or a `ToolRouter`) names a tool no connected server offers; the message lists the tools there are (exit code 2).",
    fix: "Use a listed name, qualified with its server (`server__tool`) when several servers are connected.",
  },
  HOST_SERVER_UNAVAILABLE: {
    when: "A server would not start or could not be reached, or its login did not complete (exit code 3); its stderr's last lines are quoted.",
    fix: "Run the server's command yourself (or check the URL and its login) to see why it fails.",
  },
  HOST_REQUEST_FAILED: {
    when: "A connected server failed a request, closed the connection or did not answer within `--timeout` (exit code 3).",
    fix: "Read the server's error; raise `--timeout` for slow tools; `--verbose` shows the wire.",
  },
  HOST_CALL_REFUSED: {
    when: "A call was refused before it was sent: by `--allow`/`--deny`, or declined at `--confirm` (exit code 4).",
    fix: "Allow the tool, or approve the call.",
  },
  HOST_PROVIDER_SETUP: {
    when: "`typemcp chat` cannot use the model provider as configured: no or a refused API key, an unknown model, its SDK not installed (exit code 2).",
    fix: "Set the provider's key variable, name a model it has, or install the provider's SDK as the message says.",
  },
  HOST_PROVIDER_UNAVAILABLE: {
    when: "The model provider could not be reached or answered badly: 429/5xx after `--retries`, a stall past `--timeout`, a body that is not JSON (exit code 3).",
    fix: "Try again later, or raise `--retries`/`--timeout`.",
  },
  HOST_STEP_LIMIT: {
    when: "A chat turn ended without an answer: `--max-steps` model requests were used up, or the model made too many invalid calls in a row (exit code 5).",
    fix: "Raise `--max-steps`, or ask for something the tools can do in fewer steps.",
  },
  HOST_CANCELLED: {
    when: "The user cancelled (Ctrl-C) a call or a chat turn (exit code 130).",
    fix: "Nothing: run it again when wanted.",
  },
  HOST_TOOL_FAILED: {
    when: "A tool called through `createToolApi` (typemcp/host) answered with `isError`: the error carries the result's text (exit code 1).",
    fix: "Read the tool's message: correct the arguments or the state it names, or catch the error where a failed call is expected.",
  },
};
