/**
 * What `typemcp build` tells a view's page about the tools of its class, so the view can call
 * them by method name with positional arguments (typed from the methods themselves) while the
 * wire speaks tool names and argument objects. Written into the page before the view's code.
 */
export interface ViewManifest {
  /** The method the view belongs to. */
  readonly method: string;
  /** Each tool method of the view's class, by method name. */
  readonly methods: Readonly<Record<string, ViewMethod>>;
}

/** One tool method as a view calls it. */
export interface ViewMethod {
  /** The tool's name on the wire. */
  readonly name: string;
  /**
   * Where each positional parameter goes in the arguments object, in order: its name, or `"*"`
   * for a destructured parameter (the whole object). The `Context` parameter is left out.
   */
  readonly params: readonly string[];
  /** The result is a primitive or array, which the wire carries as `structuredContent.result`. */
  readonly wrapped: boolean;
  /** The result is a bare string, which the wire carries as its text alone. */
  readonly text?: boolean;
}

/** The global the page defines the manifest under. */
export const VIEW_MANIFEST_GLOBAL = "__typemcpView";
