const ASCII = /^[\x00-\x7f]*$/;

/**
 * The lookup key for a town name as people type it: case, accents, punctuation, hyphens and
 * spacing ignored; "Town of", "City of", a trailing "Town"/"City"/"Town city" (the Census legal
 * form), ", MA" and "Massachusetts" dropped; "Mt" read as "Mount" and "-borough" as "-boro",
 * which is how the FBI, and many residents, spell Middleborough or Foxborough.
 *
 * @example
 * normalizeTownName("Manchester by the Sea") === normalizeTownName("Manchester-by-the-Sea")
 * normalizeTownName("Town of Winchester, MA") === "winchester"
 */
export function normalizeTownName(input: string): string {
  // The apostrophe ’ is written as \u2019: one non-ASCII character in the source made the whole
  // bundle a two-byte string, slower to read and to compile at every start.
  // NFKD leaves ASCII as it is; skipping it for ASCII names keeps ICU's normalization data,
  // several milliseconds to load, off the start-up path (every shipped name is ASCII).
  let key = (ASCII.test(input) ? input : input.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""))
    .toLowerCase()
    .replace(/['\u2019`.]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  key = key.replace(/ (ma|mass|massachusetts)$/, "");
  key = key.replace(/^(the )?(town|city) of (.+)$/, "$3");
  key = key.replace(/^(.+?) (town city|town|city)$/, "$1");
  key = key.replace(/\bmt\b/g, "mount").replace(/borough\b/g, "boro");
  return key;
}
