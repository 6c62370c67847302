import { App, applyDocumentTheme, applyHostStyleVariables, type McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import { reportViewErrors } from "./view-errors.js";
import { VIEW_MANIFEST_GLOBAL, type ViewManifest, type ViewMethod } from "./view-manifest.js";
import type { ToolMethod, ViewParameters, ViewResult } from "./view-types.js";

/** What a tool call from a view answered when the tool failed: its message, as the model would read it. */
export class ViewCallError extends Error {
  override readonly name = "ViewCallError";
}

/** How a view presents itself to its host. */
export interface ViewOptions {
  /** The view's name for the host (default: the tool's name). */
  name?: string;
  /** The view's version (default "1.0.0"). */
  version?: string;
}

/** A view's connection to its host, typed from tool method `M` of class `C`. */
export interface ToolView<C, M extends ToolMethod<C>> {
  /** The official MCP Apps `App` underneath, for what this interface does not cover. */
  readonly app: App;
  /** Resolves once the host has answered the view's handshake. */
  readonly ready: Promise<void>;
  /** Calls `listener` with the arguments the tool was called with, as the method's own parameters. */
  onInput(listener: (...args: ViewParameters<C[M]>) => void): void;
  /** Calls `listener` with what the tool returned, typed as the method's return type. */
  onResult(listener: (result: ViewResult<C[M]>) => void): void;
  /** Calls `listener` with the message of a tool result that is an error. */
  onError(listener: (message: string) => void): void;
  /** Calls `listener` with the host's theme now and whenever it changes (the page's `color-scheme` follows it). */
  onTheme(listener: (theme: "light" | "dark") => void): void;
  /**
   * Calls another tool method of `C` through the host, with its own parameters; resolves to what
   * it returned, or rejects with a {@link ViewCallError} carrying the tool's error message.
   */
  call<N extends ToolMethod<C>>(method: N, ...args: ViewParameters<C[N]>): Promise<ViewResult<C[N]>>;
}

/**
 * Connects a view to its host (MCP Apps), typed from the tool method it shows: `C` is the class
 * and `M` the method, so the result and arguments have the method's own types, and a view that
 * reads what the method no longer returns fails `typemcp build`.
 *
 * @example
 * ```ts
 * import type { WeatherTools } from "../src/weather-tools.js";
 * import { connectView } from "typemcp/view";
 *
 * const view = connectView<WeatherTools, "getForecast">();
 * view.onResult((forecast) => render(forecast.periods));
 * const alerts = await view.call("getAlerts", "AL");
 * ```
 */
export function connectView<C, M extends ToolMethod<C>>(options: ViewOptions = {}): ToolView<C, M> {
  const manifest = readManifest();
  const own = methodOf(manifest, manifest.method);
  const app = new App({ name: options.name ?? own.name, version: options.version ?? "1.0.0" }, {}, { autoResize: true });
  const inputs = latest<unknown[]>();
  const results = latest<unknown>();
  const errors = latest<string>();
  const themes = latest<"light" | "dark">();
  const applyContext = (context: McpUiHostContext | undefined) => {
    if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
    if (context?.theme) {
      applyDocumentTheme(context.theme);
      themes.set(context.theme);
    }
  };
  // One-shot notifications: the SDK wants their handlers in place before the handshake.
  app.ontoolinput = (params) => inputs.set(toPositional(own, params.arguments ?? {}));
  app.ontoolresult = (result) => {
    if (result.isError) errors.set(textOf(result));
    else results.set(unwrap(own, result));
  };
  app.onhostcontextchanged = (context) => applyContext(context);
  const ready = app.connect().then(() => applyContext(app.getHostContext()));
  // A listener that throws shows its error (on the page and to the host), with the view's file and line.
  const { guard } = reportViewErrors(app, ready);
  return {
    app,
    ready,
    onInput: (listener) => inputs.listen(guard((args) => (listener as (...a: unknown[]) => void)(...args))),
    onResult: (listener) => results.listen(guard(listener as (value: unknown) => void)),
    onError: (listener) => errors.listen(guard(listener)),
    onTheme: (listener) => themes.listen(guard(listener)),
    async call(method, ...args) {
      const target = methodOf(manifest, method);
      await ready;
      const result = await app.callServerTool({ name: target.name, arguments: toArguments(target, args) });
      if (result.isError) throw new ViewCallError(textOf(result));
      return unwrap(target, result) as never;
    },
  };
}

// The last value seen and everyone listening for the next: a listener added after the host
// sent its one notification still gets it.
function latest<T>() {
  let value: { v: T } | undefined;
  const listeners: Array<(v: T) => void> = [];
  return {
    set(v: T) {
      value = { v };
      for (const listener of listeners) listener(v);
    },
    listen(listener: (v: T) => void) {
      listeners.push(listener);
      if (value) listener(value.v);
    },
  };
}

function readManifest(): ViewManifest {
  const manifest = (globalThis as Record<string, unknown>)[VIEW_MANIFEST_GLOBAL] as ViewManifest | undefined;
  if (!manifest) throw new Error("connectView() runs in a view built by typemcp build (declare it with @tool({ view })).");
  return manifest;
}

function methodOf(manifest: ViewManifest, method: string): ViewMethod {
  const found = manifest.methods[method];
  if (!found) throw new Error(`"${method}" is not a tool method of this view's class; its tools are ${Object.keys(manifest.methods).join(", ")}.`);
  return found;
}

function toArguments(method: ViewMethod, args: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  method.params.forEach((name, i) => {
    const value = args[i];
    if (value === undefined) return;
    if (name === "*") Object.assign(out, value);
    else out[name] = value;
  });
  return out;
}

function toPositional(method: ViewMethod, args: Record<string, unknown>): unknown[] {
  return method.params.map((name) => (name === "*" ? args : args[name]));
}

function unwrap(method: ViewMethod, result: { structuredContent?: unknown; content?: ReadonlyArray<{ type: string; text?: string }> }): unknown {
  if (method.text) return textOf(result);
  const structured = result.structuredContent;
  return method.wrapped ? (structured as { result?: unknown } | undefined)?.result : structured;
}

function textOf(result: { content?: ReadonlyArray<{ type: string; text?: string }> }): string {
  return (result.content ?? [])
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n");
}
