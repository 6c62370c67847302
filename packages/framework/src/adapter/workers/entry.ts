/**
 * What a Workers build (`typemcp build --target workers`) runs: the author's entry, whose
 * `serve()` call records the server, then `export default { fetch }` answering with it.
 * @packageDocumentation
 */
import "typemcp:served-entry";
import { AsyncLocalStorage } from "node:async_hooks";
import { platformFetch } from "../platform-serve.js";
import { setKeepWorking } from "../../runtime/tasks/keep-working.js";

export { TypemcpState } from "./typemcp-state.js";

/** The part of a Workers execution context a request's after-response work needs. */
interface ExecutionContext {
  waitUntil(work: Promise<unknown>): void;
}

// Work a request starts and sees through after its response (a task's run) is kept going with
// that request's waitUntil, found through the request's async context.
const requests = new AsyncLocalStorage<ExecutionContext>();
setKeepWorking((work) => requests.getStore()?.waitUntil(work));

// An isolate may be gone between requests, so 2025-11-25 clients get no sessions by default; with
// the MCP_STATE Durable Object binding, state lives in TypemcpState objects (adapter/workers/durable-protocol.ts).
const handle = platformFetch({ stateless: true, tcp: false, durableObjects: true });

/** The Worker's fetch handler. */
function fetch(request: Request, env?: unknown, ctx?: ExecutionContext): Promise<Response> {
  // Cloudflare sets CF-Connecting-IP to the client's address and drops one a client sends.
  const peer = request.headers.get("cf-connecting-ip") ?? undefined;
  return ctx ? requests.run(ctx, () => handle(request, env, peer)) : handle(request, env, peer);
}

export default { fetch };
