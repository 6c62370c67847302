/**
 * An RFC 6570 level-1 URI template (`town://{name}`, `file:///{dir}/{file}`): matches a URI
 * against it and names the variables. Each `{var}` matches one path segment, percent-decoded.
 */
export class UriTemplate {
  readonly variables: readonly string[];
  private readonly pattern: RegExp;

  constructor(readonly template: string) {
    const variables: string[] = [];
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const name = /^\{([A-Za-z0-9_]+)\}$/.exec(part)?.[1];
        if (name) {
          variables.push(name);
          return "([^/?#]+)";
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("");
    this.variables = variables;
    this.pattern = new RegExp(`^${source}$`);
  }

  /** Whether `template` has any variables; a URI without them names a static resource. */
  static isTemplate(uri: string): boolean {
    return /\{[A-Za-z0-9_]+\}/.test(uri);
  }

  /** The variables of `uri`, or undefined when it does not match. */
  match(uri: string): Record<string, string> | undefined {
    const found = this.pattern.exec(uri);
    if (!found) return undefined;
    const values: Record<string, string> = {};
    for (const [i, name] of this.variables.entries()) {
      try {
        values[name] = decodeURIComponent(found[i + 1]!);
      } catch {
        // A malformed percent-escape (`%E0`) names no resource this template could serve.
        return undefined;
      }
    }
    return values;
  }

  /** The URI for `values` (each percent-encoded). */
  expand(values: Record<string, string>): string {
    return this.template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
  }
}
