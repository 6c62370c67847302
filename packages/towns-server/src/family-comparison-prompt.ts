/** The concerns the towns data speaks to, offered as completions for the prompt's `priorities`. */
export const FAMILY_PRIORITIES: readonly string[] = ["schools", "safety", "price", "commute"];

/**
 * The text of the `compare_for_family` prompt: asks the model to compare `towns` (official names)
 * for a family with this server's tools, weighed by `priorities` as the family put them, reading
 * each figure for what it is and saying where the data cannot decide.
 */
export function toFamilyComparisonPrompt(towns: readonly string[], priorities: string | undefined): string {
  const wanted = priorities?.replace(/\s+/g, " ").trim();
  const weighing = wanted
    ? `What matters most to them, in their words, most important first: "${wanted}".`
    : "They have not said what matters most: weigh schools, safety, price and distance to Boston evenly, and end by asking which matters most to them.";
  return [
    `A family is deciding where to live in Massachusetts and wants ${joinAnd(towns)} compared. ${weighing}`,
    "",
    "Gather the figures with this server's tools, not from memory:",
    `- compare_towns with ${JSON.stringify(towns)} gives each town's population, average single-family assessed value, school rating, crime rate and distance to Boston, and what each figure means.`,
    "- get_town gives one town's full profile (housing units, land area and more) when a question needs it.",
    "- find_towns can show whether a town they did not name does clearly better on what matters most to them. Mention one or two at most, and say they were not on the family's list.",
    "",
    "Read each figure for what it is:",
    "- Price: the average single-family assessed value for fiscal 2017, not a sale price; today's prices are higher. Use it to rank the towns against each other: it cannot tell whether a home fits a budget.",
    "- Schools: the 1-10 rating (10 best) of the town's own K-12 district in 2017. A town whose students go to a regional district has no rating: say so, and do not count it against the town.",
    "- Safety: offenses known to police per 1,000 residents in 2019 (FBI); lower is safer. Some towns, Boston among them, have no figure.",
    "- Commute: straight-line miles to Boston City Hall, not driving or transit time, and only to Boston.",
    "",
    "Then answer the family:",
    "1. A table with a row per town and a column per figure, each column headed with its year.",
    "2. For each town, two or three sentences on its strengths and weaknesses for this family.",
    "3. Your recommendation, ranked by what matters most to them, saying plainly where the data cannot decide: a missing figure, figures too close to call, or a concern this data does not cover (today's prices, a commute elsewhere than Boston, a particular school).",
    "",
    "Quote each figure with its year and source. A null figure is missing from the source, for the reason in its note: say so, and never guess a value.",
  ].join("\n");
}

function joinAnd(names: readonly string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
