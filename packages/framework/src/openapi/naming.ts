/**
 * Names for what the generator writes: methods (which typemcp serves as tools of the same name),
 * parameters, types and environment variables, each a valid identifier, from the spec's words.
 */

// Words TypeScript will not take as a parameter or variable name.
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in " +
    "instanceof new null return super switch this throw true try typeof var void while with implements interface let package private " +
    "protected public static yield await arguments eval ctx"
  ).split(" "),
);

/** The words of `text`: split at anything but a letter or digit, and where lower case meets upper case. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/['\u2019]s\b/g, "") // a possessive is no word of its own: "GitHub's API" → GitHub, API
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z\d]+/)
    .filter(Boolean);
}

/** `list_books`, `ListBooks`, `books.list-all` → `listBooks`, `booksListAll`: never empty, never starting with a digit. */
export function toCamelCase(text: string): string {
  const words = wordsOf(text);
  const name = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join("");
  return name === "" ? "value" : /^\d/.test(name) ? `n${name}` : name;
}

/** `library api`, `book-status` → `LibraryApi`, `BookStatus`. */
export function toPascalCase(text: string): string {
  const camel = toCamelCase(text);
  return camel[0]!.toUpperCase() + camel.slice(1);
}

/** `Library API` → `LIBRARY_API`. */
export function toConstantCase(text: string): string {
  return wordsOf(text).join("_").toUpperCase() || "API";
}

/** `Library API` → `library-api`. */
export function toKebabCase(text: string): string {
  return wordsOf(text).join("-").toLowerCase() || "api";
}

/** A parameter name for `text` that TypeScript takes: camelCase, not a reserved word. */
export function toParameterName(text: string): string {
  const name = toCamelCase(text);
  return RESERVED.has(name) ? `${name}Value` : name;
}

/**
 * The method (and so tool) name of an operation: its operationId in camelCase, else the HTTP
 * method and the path's words, a `{parameter}` read as "by": `GET /books/{bookId}` → `getBooksByBookId`.
 */
export function toMethodName(operationId: string | undefined, method: string, pathName: string): string {
  if (operationId?.trim()) return toCamelCase(operationId).slice(0, 64);
  const words = pathName
    .split("/")
    .filter(Boolean)
    .map((segment) => (/^\{.*\}$/.test(segment) ? `by ${segment.slice(1, -1)}` : segment));
  return toCamelCase(`${method} ${words.join(" ")}`).slice(0, 64);
}

/** `name`, or `name2`, `name3`… when `taken` already holds it; the result is added to `taken`. */
export function uniqueName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let i = 2; taken.has(unique); i++) unique = `${name}${i}`;
  taken.add(unique);
  return unique;
}
