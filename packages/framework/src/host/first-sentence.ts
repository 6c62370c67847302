// Abbreviations whose period does not end a sentence, as they appear in tool descriptions.
const ABBREVIATIONS = /(?:^|[\s([])(?:e\.g|i\.e|etc|vs|cf|approx|no|Mr|Mrs|Ms|Dr|St)\.$/i;

/**
 * The first sentence of a description, on one line: what a table or a names-first tool list
 * shows. A period after a common abbreviation ("e.g.") or inside a number ("3.5") does not end it.
 */
export function firstSentence(text: string | undefined): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  const end = /[.!?](?=\s|$)/g;
  for (let match = end.exec(flat); match; match = end.exec(flat)) {
    const upTo = flat.slice(0, match.index + 1);
    if (!ABBREVIATIONS.test(upTo)) return upTo;
  }
  return flat;
}
