import type { OptionalFigureName } from "./town-record.js";

// The 13 communities that grant the residential exemption; DOR publishes no average for them.
const RESIDENTIAL_EXEMPTION = new Set([
  "Barnstable",
  "Boston",
  "Brookline",
  "Cambridge",
  "Chelsea",
  "Everett",
  "Malden",
  "Nantucket",
  "Somerset",
  "Somerville",
  "Tisbury",
  "Waltham",
  "Watertown",
]);

/** Why `figure` has no value for `town`, as the data's SOURCES.md explains it. */
export function missingNote(figure: OptionalFigureName, town: string): string {
  switch (figure) {
    case "avgSingleFamilyAssessedValue":
      if (RESIDENTIAL_EXEMPTION.has(town)) {
        return `${town} grants the residential exemption, and the Department of Revenue publishes no average single-family value for towns that do.`;
      }
      if (town === "Gosnold") {
        return "Gosnold has no fiscal 2017 row in the Department of Revenue report (its tax rate had not been approved); other years are not substituted.";
      }
      return `The Department of Revenue report has no fiscal 2017 average single-family value for ${town}.`;
    case "schoolRating":
      return `${town} has no K-12 school district of its own in the 2017 DESE data: its high school, or all its schools, belong to a regional district, and this data does not rate regional districts.`;
    case "crimesPer1000":
      if (town === "Boston") {
        return "The FBI published no 2019 property-crime total for Boston (Table 8, footnote 4), so no rate comparable with other towns exists; a violent-crime-only rate would not be comparable.";
      }
      return `${town} has no row in the FBI's 2019 Table 8: mostly small towns policed by the State Police, or towns that did not report a full year.`;
  }
}
