/**
 * What a remote server offers besides tools, as a gateway mounts it: its resources, resource
 * templates and prompts as it listed them, and how to read, get and complete them. Exactly what
 * `connectServer(spec, { proxy: true })` from `typemcp/host` returns; each part is optional, so a
 * connection listed without `proxy` is mounted for its tools alone.
 */
export interface RemoteCatalog {
  /** Its resources, as listed (`resources/list`). */
  readonly resources?: readonly RemoteResource[];
  /** Its resource templates, as listed (`resources/templates/list`). */
  readonly resourceTemplates?: readonly RemoteResourceTemplate[];
  /** Its prompts, as listed (`prompts/list`). */
  readonly prompts?: readonly RemotePrompt[];
  /** Whether it declared the completions capability. */
  readonly completes?: boolean;
  /** `resources/read`; rejects when it answers with a JSON-RPC error or is gone. */
  readResource?(uri: string): Promise<readonly RemoteContents[]>;
  /** `prompts/get`; rejects as `readResource` does. */
  getPrompt?(name: string, args: Record<string, string>): Promise<RemotePromptResult>;
  /** `completion/complete`, with the other arguments' values in `context`; rejects as `readResource` does. */
  complete?(
    ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
  ): Promise<{ readonly values: readonly string[]; readonly total?: number; readonly hasMore?: boolean }>;
  /**
   * Calls `listener` on each change the server announces: one of its lists changed, or a resource
   * subscribed to (`subscribeResource`) was updated; returns a function that stops it.
   */
  onChange?(listener: (change: RemoteChange) => void): () => void;
  /** Subscribes to updates of one of its resources, heard through `onChange`; rejects as `readResource` does. */
  subscribeResource?(uri: string): Promise<void>;
  /** Lists its resources, templates and prompts again; rejects as `readResource` does. */
  refreshCatalog?(): Promise<Pick<RemoteCatalog, "resources" | "resourceTemplates" | "prompts">>;
}

/** A change a remote server announces. */
export type RemoteChange = { readonly kind: "tools" | "resources" | "prompts" } | { readonly kind: "resource"; readonly uri: string };

/** One resource of a remote server's `resources/list`. */
export interface RemoteResource {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

/** One template of a remote server's `resources/templates/list`. */
export type RemoteResourceTemplate = Omit<RemoteResource, "uri"> & { readonly uriTemplate: string };

/** One prompt of a remote server's `prompts/list`. */
export interface RemotePrompt {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: ReadonlyArray<{ readonly name: string; readonly description?: string; readonly required?: boolean }>;
}

/** One item of a remote `resources/read` answer. */
export interface RemoteContents {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  readonly blob?: string;
  readonly _meta?: Readonly<Record<string, unknown>>;
}

/** A remote `prompts/get` answer. */
export interface RemotePromptResult {
  readonly description?: string;
  readonly messages: ReadonlyArray<{ readonly role: "user" | "assistant"; readonly content: { readonly type: string; readonly [field: string]: unknown } }>;
}
