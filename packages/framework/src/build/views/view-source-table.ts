import path from "node:path";
import type { ViewSources } from "../../view/view-sources.js";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * The author's part of a view bundle's source map (version 3), as the page carries it: which
 * positions of the bundle come from which line of the author's files. `isAuthors` tells the
 * author's files (absolute paths) from libraries; `name` gives each file's name in messages.
 */
export function toViewSources(mapText: string, mapDir: string, isAuthors: (file: string) => boolean, name: (file: string) => string): ViewSources {
  const map = JSON.parse(mapText) as { sources: string[]; mappings: string };
  const absolute = map.sources.map((source) => path.resolve(mapDir, source));
  const files: string[] = [];
  const index = absolute.map((file) => (isAuthors(file) ? files.push(name(file)) - 1 : -1));
  const spans: Array<[number, number, number, number, number]> = [];
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  map.mappings.split(";").forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields = decodeVlq(segment);
      column += fields[0] ?? 0;
      if (fields.length < 4) continue;
      source += fields[1]!;
      sourceLine += fields[2]!;
      sourceColumn += fields[3]!;
      const file = index[source] ?? -1;
      // Library code needs only a marker where it begins: it ends the author's span before it.
      if (file < 0 && spans.at(-1)?.[2] === -1) continue;
      spans.push([lineIndex + 1, column + 1, file, file < 0 ? 0 : sourceLine + 1, file < 0 ? 0 : sourceColumn + 1]);
    }
  });
  return { files, spans };
}

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}
