/**
 * The "did you mean" of every typemcp command line: the known name nearest to a mistyped one,
 * shared by the flags a built server takes and the `typemcp` command's commands and options.
 */

/**
 * The name in `known` nearest to `name`, when near enough to be a typo: at most a third of its
 * letters differ (at least one). Leading dashes and case are ignored on both sides.
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const bare = (text: string) => text.replace(/^-+/, "").toLowerCase();
  let best: { name: string; distance: number; length: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(bare(name), bare(candidate));
    if (!best || distance < best.distance) best = { name: candidate, distance, length: bare(candidate).length };
  }
  return best && best.distance <= Math.max(1, Math.floor(best.length / 3)) ? best.name : undefined;
}

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbouring letters (the commonest typo, as in --htpp) each count 1.
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
