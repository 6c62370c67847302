import { authorizeCode, type Credential } from "./credentials.js";
import { SHARED_DECLARATIONS, SHARED_REQUEST_METHOD } from "./shared-request-text.js";

/**
 * The code every generated tool shares, written once per file: the `ApiRequest` shape and the
 * functions that read a setting and write a value into a URL, a header or a body (copied from
 * emitted/shared-request.ts, where they are type-checked and linted). Plain fetch, no
 * dependency: the author owns and edits it.
 */
export function sharedDeclarations(): string {
  return SHARED_DECLARATIONS;
}

/** The class's `request` method (copied) and its `authorize` method, which sends each of `credentials`. */
export function requestMethods(credentials: readonly Credential[]): string {
  // A parameter the body does not read is named _x, as linters ask.
  const headers = credentials.some((c) => c.kind !== "query") ? "headers" : "_headers";
  const url = credentials.some((c) => c.kind === "query") ? "url" : "_url";
  const signature = `protected authorize(${credentials.length ? "schemes" : "_schemes"}: readonly string[], ${headers}: Headers, ${url}: URL): void`;
  const body = credentials.map((c) => authorizeCode(c, "    ")).join("\n");
  return [
    SHARED_REQUEST_METHOD,
    "  /** Adds the credentials of the schemes an operation accepts, those this instance was given. */",
    credentials.length ? `  ${signature} {\n${body}\n  }` : `  ${signature} {}`,
    "",
  ].join("\n");
}
