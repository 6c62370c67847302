import type { App } from "@modelcontextprotocol/ext-apps";
import { locateInView, VIEW_SOURCES_GLOBAL, type ViewSources } from "./view-sources.js";

/** The logger name a view's errors reach its host under (`notifications/message`). */
export const VIEW_ERROR_LOGGER = "typemcp view";

/** What a view reports to its host when it throws. */
export interface ViewErrorReport {
  readonly name: string;
  readonly message: string;
  /** The view's own `file:line:column` the error came from, when the build could tell. */
  readonly location?: string;
  /** One line for a person: `TypeError: … (views/notes.ts:12:9)`. */
  readonly text: string;
}

/**
 * Makes what a view throws visible instead of leaving it on "Waiting…": each error is shown on
 * the view's own page and sent to the host as an error log (which `typemcp view` and
 * `typemcp dev --view` show beside the frame), named by the view's file and line. Covers the
 * listeners `connectView` calls (`guard`) and anything else the page throws or rejects.
 */
export function reportViewErrors(app: App, ready: Promise<void>): { guard<A extends unknown[]>(listener: (...args: A) => void): (...args: A) => void } {
  const report = (thrown: unknown): void => {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    const sources = (globalThis as Record<string, unknown>)[VIEW_SOURCES_GLOBAL] as ViewSources | undefined;
    const location = locateInView(error.stack, sources);
    const text = `${error.name}: ${error.message}${location ? ` (${location})` : ""}`;
    const details: ViewErrorReport = { name: error.name, message: error.message, ...(location ? { location } : {}), text };
    show(text);
    void ready.then(() => app.sendLog({ level: "error", logger: VIEW_ERROR_LOGGER, data: details })).catch(() => undefined);
  };
  page.addEventListener("error", (event) => report(event.error ?? event.message));
  page.addEventListener("unhandledrejection", (event) => report(event.reason));
  return {
    guard:
      (listener) =>
      (...args) => {
        try {
          listener(...args);
        } catch (error) {
          report(error);
        }
      },
  };
}

// The few browser globals used here: the framework compiles without the DOM library.
interface Element {
  setAttribute(name: string, value: string): void;
  textContent: string | null;
  style: { cssText: string };
}
interface Page {
  addEventListener(type: "error" | "unhandledrejection", listener: (event: { error?: unknown; message?: string; reason?: unknown }) => void): void;
  document: { createElement(tag: string): Element; body: { append(element: Element): void } };
}
const page = globalThis as unknown as Page;

function show(text: string): void {
  const box = page.document.createElement("pre");
  box.setAttribute("role", "alert");
  box.setAttribute("data-typemcp-view-error", "");
  box.style.cssText = "color:#b00020;background:#fdecea;padding:8px;margin:8px 0;white-space:pre-wrap;font:12px/1.4 ui-monospace,monospace";
  box.textContent = `The view failed: ${text}`;
  page.document.body.append(box);
}
