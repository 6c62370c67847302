/** Most names an error lists: a server of a thousand tools answers a typo in a line, not in kilobytes. */
const LISTED_NAMES = 20;

/** The first 20 of `names` for an error message, and how many more there are ("none" when there are none); `list` names them all. */
export function someNames(names: Iterable<string>, list = "tools/list"): string {
  const shown: string[] = [];
  let more = 0;
  for (const name of names) {
    if (shown.length < LISTED_NAMES) shown.push(name);
    else more++;
  }
  if (shown.length === 0) return "none";
  return more === 0 ? shown.join(", ") : `${shown.join(", ")} and ${more} more (${list} names them all)`;
}
