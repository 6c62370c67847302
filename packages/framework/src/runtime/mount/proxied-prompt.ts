import type { Context } from "../context.js";
import { RegisteredPrompt, type PromptResult } from "../components/registered-prompt.js";
import type { CompletionAnswer, CompletionContext } from "../components/resolve-completions.js";
import type { RemoteCatalog, RemotePrompt } from "./remote-catalog.js";
import { completeRemotely } from "./complete-remotely.js";
import { toRemoteFailure } from "./remote-failure.js";

/**
 * A remote server's prompt served under a new name: listed with the remote definition, got by
 * forwarding the arguments as they came (the remote server checks them).
 */
export class ProxiedPrompt extends RegisteredPrompt {
  constructor(
    name: string,
    private readonly remote: RemoteCatalog,
    private readonly remoteName: string,
    listed: RemotePrompt,
    scopes: readonly string[] = [],
  ) {
    super(
      name,
      () => undefined,
      remote,
      {
        method: remoteName,
        params: [],
        arguments: (listed.arguments ?? []).map((a) => ({ ...a, required: a.required === true })),
        ...(listed.description === undefined ? {} : { description: listed.description }),
      },
      {
        ...(listed.title === undefined ? {} : { title: listed.title }),
        ...(scopes.length ? { scopes: [...scopes] } : {}),
        ...(remote.completes ? { complete: {} } : {}),
      },
    );
  }

  override async get(args: Record<string, string>, _ctx: Context): Promise<PromptResult> {
    try {
      if (!this.remote.getPrompt) throw new Error("it was mounted without prompts/get");
      return (await this.remote.getPrompt(this.remoteName, args)) as PromptResult;
    } catch (error) {
      throw toRemoteFailure(error, `Prompt "${this.key}"`, "INVALID_PARAMS");
    }
  }

  override complete(argument: string, value: string, context?: CompletionContext): Promise<CompletionAnswer> {
    return completeRemotely(this.remote, { type: "ref/prompt", name: this.remoteName }, argument, value, context);
  }
}
