import type { ErrorObject } from "ajv";

/**
 * Replaces each failed `anyOf`/`oneOf` and the errors of all its members by what a model needs
 * to correct the call: the errors of the member it evidently meant (the one whose discriminant,
 * such as `kind: "circle"`, it matched, else the one it came closest to); or, when its value fits
 * no member at all, the union's own error, which lists what each member takes.
 */
export function resolveUnionErrors(
  errors: readonly ErrorObject[],
  checkMember?: (member: Record<string, unknown>, data: unknown) => readonly ErrorObject[],
): ErrorObject[] {
  let result = [...errors];
  const depth = (e: ErrorObject) => e.instancePath.split("/").length;
  const unions = errors.filter(isUnion).sort((a, b) => depth(a) - depth(b) || a.schemaPath.length - b.schemaPath.length);
  for (const union of unions) {
    const at = result.indexOf(union);
    // Gone already: it sat in a member of an outer union that was not chosen.
    if (at < 0) continue;
    const recheck = checkMember && Array.isArray(union.schema) && "data" in union;
    // ajv reports errors inside a `$ref` (a recursive type's) with schema paths relative to the
    // definition, which cannot tell members apart: with `checkMember`, each member is checked
    // again on its own, and every error at or below the union's value is replaced.
    const inside = (e: ErrorObject) =>
      e !== union && within(e.instancePath, union.instancePath) && (recheck === true || e.schemaPath.startsWith(`${union.schemaPath}/`));
    const members = new Map<number, ErrorObject[]>();
    if (recheck) {
      (union.schema as Array<Record<string, unknown>>).forEach((member, index) => {
        const own = checkMember(member, union.data).map((e) => ({
          ...e,
          instancePath: `${union.instancePath}${e.instancePath}`,
          schemaPath: `${union.schemaPath}/${index}${e.schemaPath.slice(1)}`,
        }));
        if (own.length) members.set(index, resolveUnionErrors(own, checkMember));
      });
    } else {
      for (const error of result.filter(inside)) {
        const index = Number(error.schemaPath.slice(union.schemaPath.length + 1).split("/")[0]);
        members.set(index, [...(members.get(index) ?? []), error]);
      }
    }
    const chosen = choose(union, members);
    const rest = result.filter((e) => e !== union && !inside(e));
    rest.splice(Math.min(at, rest.length), 0, ...chosen);
    result = rest;
  }
  return result;
}

function choose(union: ErrorObject, members: Map<number, ErrorObject[]>): ErrorObject[] {
  const count = Array.isArray(union.schema) ? union.schema.length : members.size;
  // Several members matched (oneOf): no member's errors explain that.
  if (members.size < count) return [union];
  const lists = [...members.values()];
  const wrongKind = lists.every((list) => list.length === 1 && list[0]!.keyword === "type" && list[0]!.instancePath === union.instancePath);
  if (wrongKind) return [union];
  // A member whose constants the value matched is the one the caller meant.
  const constantMisses = (list: ErrorObject[]) => list.filter((e) => e.keyword === "const" && e.instancePath.startsWith(`${union.instancePath}/`));
  const matching = lists.filter((list) => constantMisses(list).length === 0);
  if (matching.length === 1) return matching[0]!;
  if (matching.length === 0) {
    const misses = lists.map((list) => constantMisses(list)[0]!);
    const paths = new Set(misses.map((e) => e.instancePath));
    if (paths.size === 1) {
      const [first] = misses;
      return [{ ...first!, keyword: "enum", params: { allowedValues: misses.map((e) => (e.params as { allowedValue: unknown }).allowedValue) } }];
    }
  }
  // A member of the wrong kind altogether (a string for an object) is never the closest.
  const rightKind = (list: ErrorObject[]) => !list.some((e) => e.keyword === "type" && e.instancePath === union.instancePath);
  const pool = matching.length ? matching : lists;
  const candidates = pool.some(rightKind) ? pool.filter(rightKind) : pool;
  const best = candidates.reduce((closest, list) => (list.length < closest.length ? list : closest));
  // Chosen by closeness alone: say which member the errors that follow are measured against.
  const index = [...members].find(([, list]) => list === best)?.[0];
  if (matching.length === 1 || index === undefined || !Array.isArray(union.schema)) return best;
  return [{ ...union, keyword: CLOSEST_BRANCH, params: { member: (union.schema as unknown[])[index], count } }, ...best];
}

/** The keyword of the note `resolveUnionErrors` puts before the errors of the member it chose by closeness. */
export const CLOSEST_BRANCH = "closestBranch";

function isUnion(error: ErrorObject): boolean {
  return error.keyword === "anyOf" || error.keyword === "oneOf";
}

function within(path: string, parent: string): boolean {
  return path === parent || path.startsWith(`${parent}/`);
}
