/**
 * How a gateway changes what a mounted part serves, before anything is served: tools renamed,
 * hidden, with arguments fixed or defaulted, or kept for callers with given scopes; prompts and
 * resources hidden or kept for scopes. Keys are the part's own names (a resource's own URI or
 * URI template), without the mount's prefix. The same shape is read from an mcp.json entry's
 * `"tools"`, `"prompts"` and `"resources"`.
 */
export interface PartTransforms {
  readonly tools?: { readonly [name: string]: ToolTransform };
  readonly prompts?: { readonly [name: string]: ComponentTransform };
  readonly resources?: { readonly [uri: string]: ComponentTransform };
}

/** What changes about one prompt or resource of a mounted part. */
export interface ComponentTransform {
  /** Not served at all: not listed, not callable, not readable. */
  readonly hidden?: boolean;
  /** OAuth scopes a caller needs as well as any the part asks for; callers without them neither see nor use it. */
  readonly scopes?: readonly string[];
}

/** What changes about one tool of a mounted part. */
export interface ToolTransform extends ComponentTransform {
  /** Its new name, still under the mount's prefix: `{ name: "forecast" }` in a part mounted as "weather" serves `weather_forecast`. */
  readonly name?: string;
  /** Replaces its description (what a model reads to choose it). */
  readonly description?: string;
  /** Per argument: a value it always takes, or one it takes when the caller gives none. */
  readonly arguments?: { readonly [argument: string]: ArgumentTransform };
}

/**
 * `{ value }` fixes an argument: it leaves the schema callers see and every call carries the
 * value (a caller that sends it gets an error). `{ default }` keeps it, optional, with that
 * default in the schema, filled in when the caller leaves it out.
 */
export type ArgumentTransform = { readonly value: unknown } | { readonly default: unknown };
