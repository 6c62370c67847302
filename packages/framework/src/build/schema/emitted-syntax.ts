import ts from "./typescript.cjs";

// By file name, the last text parsed for it: one build reads each emitted file twice (its
// module kind, then the bundler's class names), and a 1,000-tool file takes a tenth of a second to parse.
const parsed = new Map<string, ts.SourceFile>();

/** The syntax tree of emitted JavaScript `text` at `fileName`, parsed once for as long as the text is the same. */
export function parseEmitted(fileName: string, text: string): ts.SourceFile {
  const kept = parsed.get(fileName);
  if (kept?.text === text) return kept;
  // Both readers want statements only. JSDoc, which TypeScript parses in JavaScript for its
  // types, is a third of the time on a file of a thousand documented tools.
  const source = ts.createSourceFile(
    fileName,
    text,
    { languageVersion: ts.ScriptTarget.ESNext, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    ts.ScriptKind.JS,
  );
  parsed.set(fileName, source);
  return source;
}
