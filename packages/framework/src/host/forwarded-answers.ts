import type { ClientAnswers, ElicitationAnswer, SamplingAnswer } from "./client-answers.js";
import type { McpListKind } from "./mcp-context.js";
import type { UpstreamEvents } from "./upstream-events.js";
import { UI_EXTENSION } from "../runtime/sdk/protocol-types.js";

/** What a call answers when the server asks during it (on a connection made with `proxy`). */
export interface CallQuestions {
  /** Answers a form the server asks the user to fill in during this call: a gateway passes it to its own caller. */
  onelicit?: (request: { message: string; requestedSchema?: object }) => Promise<{ action: "accept" | "decline" | "cancel"; content?: object }>;
  /** Answers the server's sampling request during this call, as `onelicit`. */
  onsample?: (request: object) => Promise<object>;
}

/**
 * The answers of a gateway's upstream connection (`proxy: true`): a question the server asks
 * during a call (elicitation in form mode, sampling) goes to that call's caller through its
 * `onelicit`/`onsample`; a question no call can be found for goes to the host's own answers,
 * else elicitation is declined and sampling refused. Both are declared, so the server asks.
 */
export function forwardedAnswers(own: ClientAnswers, callerOf: () => CallQuestions | undefined): ClientAnswers {
  return {
    ...own,
    elicit: async (request, context) => {
      const caller = callerOf()?.onelicit;
      if (caller) return (await caller(request)) as ElicitationAnswer;
      return own.elicit ? own.elicit(request, context) : { action: "decline" };
    },
    sample: async (request, context) => {
      const caller = callerOf()?.onsample;
      if (caller) return (await caller(request)) as SamplingAnswer;
      if (own.sample) return own.sample(request, context);
      throw new Error("No call of this gateway is waiting on the server: the question has no one to answer it.");
    },
  };
}

/** What `asUpstream` changes of a session's options (`SessionOptions` in sdk-client.ts). */
interface UpstreamOptions {
  answers?: ClientAnswers;
  onListChanged?: (kind: McpListKind) => void;
  extensions?: Record<string, object>;
}

// MCP Apps' HTML type (runtime/components/tool-views.ts), spelled here so the host loads no server code.
const VIEW_MIME_TYPE = "text/html;profile=mcp-app";

/**
 * A gateway's upstream session (`proxy`): its questions forwarded as `forwardedAnswers` says, its
 * list changes told to `events`, and MCP Apps declared, so that the server lists its views (tools' `_meta.ui`, `ui://` resources)
 * for the gateway to serve to its own callers.
 */
export function asUpstream<O extends UpstreamOptions>(options: O, callerOf: () => CallQuestions | undefined, events: UpstreamEvents): O {
  const told = options.onListChanged;
  return {
    ...options,
    onListChanged: (kind) => {
      told?.(kind);
      events.tell({ kind });
    },
    answers: forwardedAnswers(options.answers ?? {}, callerOf),
    extensions: { [UI_EXTENSION]: { mimeTypes: [VIEW_MIME_TYPE] }, ...options.extensions },
  };
}
