/**
 * What each RFC 6570 expression may expand to, by its operator: the characters its values take
 * and, for the operators that add one, the character an expansion starts with. An undefined
 * variable expands to nothing, so each expansion may be empty.
 */
const EXPANSIONS: Readonly<Record<string, string>> = {
  "": "[^/?#]*",
  "+": "[^?#]*",
  "#": "(?:#.*)?",
  ".": "(?:\\.[^/?#]*)?",
  "/": "(?:/[^?#]*)?",
  ";": "(?:;[^/?#]*)?",
  "?": "(?:\\?[^#]*)?",
  "&": "(?:&[^#]*)?",
};

/**
 * A URI template another MCP server declares, in any RFC 6570 form (`{name}`, `{x}/{y}`,
 * `{+path}`, `{?q,limit}`, `{/segments*}`…): a gateway tells whether a URI is one of its
 * expansions, to forward the read as it came (the remote server expands and reads it).
 */
export class RemoteUriTemplate {
  private readonly pattern: RegExp;

  constructor(readonly template: string) {
    const source = template
      .split(/(\{[^}]*\})/)
      .map((part) => {
        const expression = /^\{([+#./;?&]?)[^}]*\}$/.exec(part);
        return expression ? EXPANSIONS[expression[1]!]! : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("");
    this.pattern = new RegExp(`^${source}$`, "s");
  }

  /** Whether `uri` declares any expression: a remote URI without one names a static resource. */
  static isTemplate(uri: string): boolean {
    return /\{[^}]*\}/.test(uri);
  }

  /** `{}` when `uri` is an expansion of this template (the remote server reads its variables), else undefined. */
  match(uri: string): Record<string, string> | undefined {
    return this.pattern.test(uri) ? {} : undefined;
  }
}
