import type { WeatherAlert } from "./alerts.js";

/** Most alerts one result carries: more than a model can use, far less than a flooded feed holds. */
export const MAX_ALERTS = 50;
/** Longest `description` or `instruction` kept, in characters; NWS texts are rarely over 3,000. */
export const MAX_ALERT_TEXT = 4_000;
/** Longest other field kept (event, area, headline, sender, …). */
const MAX_FIELD = 1_000;

const SEVERITY_ORDER = ["Extreme", "Severe", "Moderate", "Minor", "Unknown"];

/**
 * Cuts a state's alerts to a size a model can read: at most {@link MAX_ALERTS}, the most severe
 * kept (in the API's order otherwise), each text at most {@link MAX_ALERT_TEXT} characters.
 * `omitted` says what was left out, so the model can say the list is partial; undefined when
 * nothing was.
 */
export function boundAlerts(alerts: readonly WeatherAlert[]): { alerts: WeatherAlert[]; omitted: string | undefined } {
  const rank = (a: WeatherAlert) => {
    const i = SEVERITY_ORDER.indexOf(a.severity);
    return i === -1 ? SEVERITY_ORDER.length : i;
  };
  const kept =
    alerts.length <= MAX_ALERTS
      ? [...alerts]
      : alerts
          .map((a, i) => ({ a, i }))
          .sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i)
          .slice(0, MAX_ALERTS)
          .sort((x, y) => x.i - y.i)
          .map(({ a }) => a);
  let cutTexts = 0;
  const clipped = kept.map((alert) => {
    const out = { ...alert };
    for (const key of Object.keys(out) as Array<keyof WeatherAlert>) {
      const value = out[key];
      const max = key === "description" || key === "instruction" ? MAX_ALERT_TEXT : MAX_FIELD;
      if (typeof value === "string" && value.length > max) {
        (out as Record<string, unknown>)[key] = `${value.slice(0, max)}… [cut: ${value.length - max} more characters]`;
        cutTexts++;
      }
    }
    return out;
  });
  const notes: string[] = [];
  if (alerts.length > kept.length) notes.push(`${alerts.length - kept.length} of ${alerts.length} alerts left out (the ${MAX_ALERTS} most severe are listed)`);
  if (cutTexts > 0) notes.push(`${cutTexts} long text${cutTexts === 1 ? "" : "s"} cut at ${MAX_ALERT_TEXT} characters`);
  return { alerts: clipped, omitted: notes.length ? `${notes.join("; ")}. See https://alerts.weather.gov for the full list.` : undefined };
}
