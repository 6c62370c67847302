const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Maps a position in generated JavaScript (1-based line and column) back to its source's. */
export type PositionMap = (line: number, column: number) => readonly [line: number, column: number] | undefined;

/**
 * The position map of a source map's `mappings` (one source, as `ts.transpileModule` writes it):
 * a position takes the mapping at or before it on its line. A stack frame in the JavaScript a
 * TypeScript program became thus names the program's own line and column.
 */
export function positionMap(mappings: string): PositionMap {
  const lines: Array<Array<[column: number, line: number, sourceColumn: number]>> = [];
  const state = [0, 0, 0, 0];
  for (const line of mappings.split(";")) {
    const segments: Array<[number, number, number]> = [];
    state[0] = 0;
    for (const segment of line.split(",").filter(Boolean)) {
      const fields = decode(segment);
      for (let i = 0; i < Math.min(4, fields.length); i++) state[i]! += fields[i]!;
      if (fields.length >= 4) segments.push([state[0]!, state[2]!, state[3]!]);
    }
    lines.push(segments);
  }
  return (line, column) => {
    const segments = lines[line - 1] ?? [];
    let found: [number, number, number] | undefined;
    for (const segment of segments) if (segment[0] <= column - 1) found = segment;
    found ??= segments[0];
    return found ? [found[1] + 1, found[2] + 1] : undefined;
  };
}

// One segment's Base64 VLQ fields.
function decode(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}
