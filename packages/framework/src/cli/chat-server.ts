import type { ChatServer } from "../host/chat/chat-session.js";
import type { ServerConnection } from "../host/connect-server.js";
import { HostError } from "../errors/host-error.js";
import type { ServerTrust } from "../host/server-trust.js";

/**
 * One connected server as `typemcp chat` offers it to the session, surviving one crash: when the
 * connection is lost under a call, the server is started (or reached) again once and the call
 * sent again if repeating it is safe (see `safeToRepeat`; else the model reads that it was not);
 * if that fails too, its tools are withdrawn (the next model request no longer offers them) and
 * the model reads why in the call's result.
 */
export function toChatServer(
  name: string,
  first: ServerConnection,
  options: { reconnect: () => Promise<ServerConnection>; note: (text: string) => void; onReplaced?: (connection: ServerConnection) => void },
): ChatServer & { readonly withdrawn: boolean } {
  let connection = first;
  let restarted = false;
  let withdrawn = false;
  let announced = false;
  const withdraw = (why: string): never => {
    withdrawn = true;
    options.note(`[${name}] the server stopped and could not be started again: its tools are withdrawn.\n`);
    throw new HostError(
      "HOST_REQUEST_FAILED",
      `${why}\nThe server "${name}" stopped and could not be started again: its tools are withdrawn for the rest of the session.`,
    );
  };
  return {
    name,
    get withdrawn() {
      return withdrawn;
    },
    // Read on each request: the list a server's list_changed brought, none once withdrawn.
    get tools() {
      return withdrawn ? [] : connection.tools;
    },
    get trust() {
      return first.spec.trust;
    },
    listResources: () => connection.listResources(),
    readResource: (uri) => connection.readResource(uri),
    listSkills: () => connection.listSkills(),
    readSkill: (skill, path) => connection.readSkill(skill, path),
    refreshTools: async () => {
      if (withdrawn) {
        const changed = !announced;
        announced = true;
        return changed;
      }
      const changed = await connection.refreshTools();
      if (changed) options.note(`[${name}] tools changed: ${connection.tools.length} tools now.\n`);
      return changed;
    },
    call: async (tool, args, o) => {
      if (withdrawn) throw new HostError("HOST_REQUEST_FAILED", `The server "${name}" stopped earlier in this session; its tools are withdrawn.`);
      try {
        return await connection.call(tool, args, o);
      } catch (error) {
        if (!(error instanceof HostError) || !connection.lost || o.signal?.aborted) throw error;
        if (restarted) return withdraw(error.message);
        restarted = true;
        options.note(`[${name}] the server stopped (${error.message.split("\n")[0]}); starting it again, once.\n`);
        await connection.close().catch(() => {});
        try {
          connection = await options.reconnect();
          options.onReplaced?.(connection);
        } catch (again) {
          return withdraw(again instanceof Error ? again.message : String(again));
        }
        // The call may have done its work before the server stopped: sent again, an unsafe one
        // would do it twice, unasked. The model reads that it was not repeated; a new call of it
        // is asked for as any other.
        if (!safeToRepeat(connection, tool, first.spec.trust)) {
          options.note(`[${name}] ${tool} was not sent again: it may have run before the server stopped.\n`);
          throw new HostError(
            "HOST_REQUEST_FAILED",
            `${error.message}\nThe server "${name}" stopped during this call and was started again, but ${tool} was not sent again: it is not marked read-only or idempotent by a trusted server, and it may have run before the server stopped. Check its effect before calling it again.`,
          );
        }
        try {
          return await connection.call(tool, args, o);
        } catch (retry) {
          if (retry instanceof HostError && connection.lost) return withdraw(retry.message);
          throw retry;
        }
      }
    },
  };
}

// A call may be sent twice only when a server the user trusts with its hints (`"trust":
// "read-only"`) marks the tool read-only or idempotent: from any other, a hint is a claim.
function safeToRepeat(connection: ServerConnection, tool: string, trust: ServerTrust | undefined): boolean {
  const hints = connection.tools.find((t) => t.name === tool)?.annotations;
  return trust === "read-only" && (hints?.readOnlyHint === true || hints?.idempotentHint === true);
}
