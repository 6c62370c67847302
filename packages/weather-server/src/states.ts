/**
 * The two-letter postal code of a US state, the District of Columbia or an inhabited US
 * territory: the areas the National Weather Service issues alerts for. A union of literals so
 * the build turns it into an `enum` a model can choose from.
 */
export type StateCode =
  | "AK" | "AL" | "AR" | "AZ" | "CA" | "CO" | "CT" | "DE" | "FL" | "GA"
  | "HI" | "IA" | "ID" | "IL" | "IN" | "KS" | "KY" | "LA" | "MA" | "MD"
  | "ME" | "MI" | "MN" | "MO" | "MS" | "MT" | "NC" | "ND" | "NE" | "NH"
  | "NJ" | "NM" | "NV" | "NY" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC"
  | "SD" | "TN" | "TX" | "UT" | "VA" | "VT" | "WA" | "WI" | "WV" | "WY"
  // The District of Columbia, then the territories: American Samoa, Guam, the Northern Mariana
  // Islands, Puerto Rico and the US Virgin Islands.
  | "DC" | "AS" | "GU" | "MP" | "PR" | "VI";
