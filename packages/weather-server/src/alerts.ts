import type { StateCode } from "./states.js";

/** The weather alerts in effect for one state or territory, as `get_alerts` returns them. */
export interface ActiveAlerts {
  /** The state or territory asked about. */
  state: StateCode;
  /**
   * When the National Weather Service last updated its list of alerts.
   * @format date-time
   */
  updated: string | null;
  /** How many alerts are in effect; 0 means none. */
  count: number;
  /** The alerts in effect, as the National Weather Service lists them (at most 50, most severe first when cut). */
  alerts: WeatherAlert[];
  /** Present only when the list was cut to fit a model's context: what was left out. */
  omitted?: string;
}

/** One watch, warning, advisory or statement. */
export interface WeatherAlert {
  /** The kind of alert, e.g. "Tornado Warning", "Flood Watch", "Heat Advisory". */
  event: string;
  /** The areas it covers, as counties or forecast zones separated by semicolons. */
  area: string;
  /** How bad the hazard is: "Extreme", "Severe", "Moderate", "Minor" or "Unknown". */
  severity: string;
  /** How soon to act: "Immediate", "Expected", "Future", "Past" or "Unknown". */
  urgency: string;
  /** How likely the hazard is: "Observed", "Likely", "Possible", "Unlikely" or "Unknown". */
  certainty: string;
  /** A one-line summary by the issuing office; null when it gives none. */
  headline: string | null;
  /** The full text: what is happening, where and when. */
  description: string | null;
  /** What people in the area should do; null when the office gives no instruction. */
  instruction: string | null;
  /** The issuing office, e.g. "NWS Portland OR". */
  sender: string | null;
  /**
   * When the alert takes effect.
   * @format date-time
   */
  effective: string | null;
  /**
   * When this alert message expires (it may be updated or extended before then).
   * @format date-time
   */
  expires: string | null;
  /**
   * When the hazard itself is expected to end; null when not given.
   * @format date-time
   */
  ends: string | null;
}
