import type { AuthInfo } from "../identity/auth-info.js";
import { keepJson } from "./kept-json.js";

/** Most views of one list kept at once: each distinct set of scopes, era and view support is one. */
const MOST_VIEWS = 64;

/**
 * The answers of one list method, one per view (what a caller's scopes, era and view support let
 * it see), kept while the list they were made from is unchanged: a request for an unchanged list
 * gets the same answer object, whose JSON is then written from one kept string (kept-json.ts).
 */
export class KeptLists {
  private from: unknown;
  /** Whether any entry of the list asks for scopes, so callers' lists differ by them. */
  private scoped = false;
  private readonly byView = new Map<string, object>();

  /** `anyScoped` tells, once per change of the list, whether any entry of it asks for scopes. */
  constructor(private readonly anyScoped: () => boolean) {}

  /**
   * The answer to a request of `era` by a caller holding `auth` (and rendering views, or not) for
   * the list `from`, an object that is replaced whenever the list changes (as
   * `ComponentRegistry.list()` is); made by `make` the first time.
   */
  answer(from: object, era: string, auth: AuthInfo | undefined, views: boolean, make: () => object): object {
    if (from !== this.from) {
      this.from = from;
      this.scoped = this.anyScoped();
      this.byView.clear();
    }
    // A caller without a verified token, or a list without scoped entries, sees the whole list.
    const scopes = auth === undefined || !this.scoped ? "" : [...new Set(auth.scopes)].sort().join(" ");
    const view = `${era}|${views ? "views" : ""}|${scopes}`;
    let answer = this.byView.get(view);
    if (answer === undefined) {
      // A server whose callers hold many different sets of scopes keeps the latest ones.
      if (this.byView.size >= MOST_VIEWS) this.byView.clear();
      answer = keepJson(make());
      this.byView.set(view, answer);
    }
    return answer;
  }
}
