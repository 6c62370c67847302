/** The fourteen Massachusetts counties, as the data names them (without the word "County"). */
export const COUNTIES = [
  "Barnstable",
  "Berkshire",
  "Bristol",
  "Dukes",
  "Essex",
  "Franklin",
  "Hampden",
  "Hampshire",
  "Middlesex",
  "Nantucket",
  "Norfolk",
  "Plymouth",
  "Suffolk",
  "Worcester",
] as const;

/** A Massachusetts county name without the word "County", e.g. `"Middlesex"`. */
export type County = (typeof COUNTIES)[number];

/** Whether `value` is one of the fourteen county names, spelled exactly. */
export function isCounty(value: string): value is County {
  return (COUNTIES as readonly string[]).includes(value);
}
