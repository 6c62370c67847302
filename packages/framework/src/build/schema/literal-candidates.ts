import ts from "./typescript.cjs";

/** The string values of a literal union or string enum (`"a" | "b"`), for completions; else undefined. */
export function literalCandidates(type: ts.Type): string[] | undefined {
  const members = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const member of members) {
    if (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
    if (!member.isStringLiteral()) return undefined;
    values.push(member.value);
  }
  return values.length ? values : undefined;
}
