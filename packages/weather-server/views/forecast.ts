// The view of get_forecast: the coming periods as a chart of highs, lows and chance of rain,
// a card per period, and the alerts in effect for the forecast's state (fetched through the host
// with get_alerts). Typed from WeatherTools itself: change what getForecast returns and this
// file fails `typemcp build`.
import { connectView } from "typemcp/view";
import type { ForecastPeriod } from "../src/forecast.js";
import type { StateCode } from "../src/states.js";
import type { WeatherTools } from "../src/weather-tools.js";
import "./forecast.css";

const view = connectView<WeatherTools, "getForecast">({ name: "Forecast" });
const root = document.body.appendChild(document.createElement("main"));
root.innerHTML = `<p class="muted">Waiting for the forecast…</p>`;

view.onError((message) => {
  root.innerHTML = `<p class="error"></p>`;
  root.querySelector("p")!.textContent = message;
});

view.onResult((forecast) => {
  const updated = forecast.updated ? new Date(forecast.updated).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "unknown";
  root.innerHTML = `
    <header>
      <h1 id="place"></h1>
      <span class="muted">Updated ${escape(updated)} · ${forecast.latitude.toFixed(2)}, ${forecast.longitude.toFixed(2)}</span>
    </header>
    ${chart(forecast.periods)}
    <div class="legend"><span><i style="background:var(--high)"></i>High (day)</span><span><i style="background:var(--low)"></i>Low (night)</span><span><i style="background:var(--rain)"></i>Chance of precipitation</span></div>
    <h2>Periods</h2>
    <div class="periods">${forecast.periods.map(card).join("")}</div>
    <h2>Alerts</h2>
    <div id="alerts" class="muted">Looking for alerts…</div>`;
  root.querySelector("#place")!.textContent = forecast.location ?? "Forecast";
  void showAlerts(/,\s*([A-Z]{2})$/.exec(forecast.location ?? "")?.[1] as StateCode | undefined);
});

async function showAlerts(state: StateCode | undefined): Promise<void> {
  const box = root.querySelector<HTMLElement>("#alerts")!;
  if (!state) {
    box.textContent = "No state to look up alerts for.";
    return;
  }
  try {
    const active = await view.call("getAlerts", state);
    if (!active.alerts.length) {
      box.textContent = `No alerts in effect for ${active.state}.`;
      return;
    }
    box.className = "";
    box.innerHTML = `<p class="muted">${active.count} alert${active.count === 1 ? "" : "s"} in effect for ${active.state}</p><ul class="alerts">${active.alerts
      .map((a) => `<li class="alert ${escape(a.severity)}"><b>${escape(a.event)}</b>${escape(a.headline ?? a.area)}</li>`)
      .join("")}</ul>`;
  } catch (error) {
    box.className = "error";
    box.textContent = `Alerts unavailable: ${(error as Error).message}`;
  }
}

function card(period: ForecastPeriod): string {
  const rain = period.precipitationChance === null ? "" : ` · ${period.precipitationChance}% precip.`;
  return `<div class="period"><strong>${escape(period.name)}</strong><span class="temp ${period.isDaytime ? "day" : "night"}">${period.temperature}°${escape(period.temperatureUnit)}</span><div>${escape(period.shortForecast)}</div><div class="muted">${escape(period.windSpeed ?? "")} ${escape(period.windDirection ?? "")}${rain}</div></div>`;
}

// One column per period: the temperature as a point on the day or night line, precipitation as a bar.
function chart(periods: readonly ForecastPeriod[]): string {
  if (!periods.length) return `<p class="muted">No periods in this forecast.</p>`;
  const width = 720;
  const height = 220;
  const pad = { top: 24, right: 16, bottom: 34, left: 16 };
  const step = (width - pad.left - pad.right) / periods.length;
  const temps = periods.map((p) => p.temperature);
  const min = Math.min(...temps) - 4;
  const max = Math.max(...temps) + 4;
  const x = (i: number) => pad.left + step * (i + 0.5);
  const y = (t: number) => pad.top + ((max - t) / (max - min)) * (height - pad.top - pad.bottom);
  const line = (day: boolean) =>
    periods
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => p.isDaytime === day)
      .map(({ p, i }) => `${x(i).toFixed(1)},${y(p.temperature).toFixed(1)}`)
      .join(" ");
  const bars = periods
    .map((p, i) => {
      const h = ((p.precipitationChance ?? 0) / 100) * (height - pad.top - pad.bottom);
      return `<rect class="rain" x="${(x(i) - step * 0.3).toFixed(1)}" y="${(height - pad.bottom - h).toFixed(1)}" width="${(step * 0.6).toFixed(1)}" height="${h.toFixed(1)}" rx="2"/>`;
    })
    .join("");
  const points = periods
    .map(
      (p, i) =>
        `<circle class="${p.isDaytime ? "dot-high" : "dot-low"}" cx="${x(i).toFixed(1)}" cy="${y(p.temperature).toFixed(1)}" r="3.5"/><text class="value" x="${x(i).toFixed(1)}" y="${(y(p.temperature) - 8).toFixed(1)}" text-anchor="middle">${p.temperature}°</text><text x="${x(i).toFixed(1)}" y="${height - 12}" text-anchor="middle">${escape(shortName(p.name))}</text>`,
    )
    .join("");
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="Temperatures and chance of precipitation by period"><line class="grid" x1="${pad.left}" x2="${width - pad.right}" y1="${height - pad.bottom}" y2="${height - pad.bottom}"/>${bars}<polyline class="high" points="${line(true)}"/><polyline class="low" points="${line(false)}"/>${points}</svg>`;
}

// "Saturday Night" → "Sat nt", "This Afternoon" → "Today": a label that fits under a column.
function shortName(name: string): string {
  if (/^(Tonight|Overnight)$/.test(name)) return "Tonight";
  if (/^(This|Today)/.test(name)) return "Today";
  return `${name.slice(0, 3)}${/ Night$/.test(name) ? " nt" : ""}`;
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);
}
