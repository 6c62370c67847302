// The view of compare_towns: the towns in a table sortable by any figure, each figure's best
// value marked and its size drawn behind it; clicking a town fetches its whole profile through
// the host (get_town). Typed from TownTools itself: change what compareTowns returns and this
// file fails `typemcp build`.
import { connectView } from "typemcp/view";
import type { TownSummary } from "../src/town-results.js";
import type { TownTools } from "../src/town-tools.js";
import "./compare.css";

type Column = "town" | "county" | "population" | "avgSingleFamilyAssessedValue" | "schoolRating" | "crimesPer1000" | "distanceToBostonMiles";

const COLUMNS: ReadonlyArray<{ key: Column; label: string; best?: "high" | "low"; format?: (n: number) => string }> = [
  { key: "town", label: "Town" },
  { key: "county", label: "County" },
  { key: "population", label: "Population", format: (n) => n.toLocaleString("en-US") },
  { key: "avgSingleFamilyAssessedValue", label: "Home value (assessed)", best: "low", format: (n) => `$${Math.round(n / 1000).toLocaleString("en-US")}k` },
  { key: "schoolRating", label: "Schools", best: "high", format: (n) => String(n) },
  { key: "crimesPer1000", label: "Crimes per 1k", best: "low", format: (n) => n.toFixed(1) },
  { key: "distanceToBostonMiles", label: "Miles to Boston", best: "low", format: (n) => n.toFixed(1) },
];

const view = connectView<TownTools, "compareTowns">({ name: "Town comparison" });
const root = document.body.appendChild(document.createElement("main"));
root.innerHTML = `<p class="muted">Waiting for the comparison…</p>`;
let towns: TownSummary[] = [];
let sort: { key: Column; descending: boolean } = { key: "town", descending: false };

view.onError((message) => {
  root.innerHTML = `<p class="error"></p>`;
  root.querySelector("p")!.textContent = message;
});

view.onResult((comparison) => {
  towns = comparison.towns;
  const sources = comparison.figures.map((f) => `${f.year} ${f.source.split(",")[0]}`).filter((s, i, all) => all.indexOf(s) === i);
  root.innerHTML = `<h1>Comparing ${towns.length} Massachusetts towns</h1><div class="muted" title="${escape(sources.join("; "))}">Click a column to sort, a town for its profile.</div><label class="sort-by">Sort by <select></select></label><div class="scroll"><table><thead><tr></tr></thead><tbody></tbody></table></div><div id="profile"></div>`;
  const head = root.querySelector("thead tr")!;
  for (const column of COLUMNS) {
    const th = head.appendChild(document.createElement("th"));
    th.textContent = column.label;
    th.dataset.key = column.key;
    if (!column.format) th.className = "text";
    th.addEventListener("click", () => {
      sort = { key: column.key, descending: sort.key === column.key ? !sort.descending : column.best === "high" };
      renderRows();
    });
  }
  const menu = root.querySelector<HTMLSelectElement>(".sort-by select")!;
  menu.innerHTML = COLUMNS.map((c) => `<option value="${c.key}">${escape(c.label)}</option>`).join("");
  menu.addEventListener("change", () => {
    const column = COLUMNS.find((c) => c.key === menu.value)!;
    sort = { key: column.key, descending: column.best === "high" };
    renderRows();
  });
  renderRows();
});

function renderRows(): void {
  root.querySelector<HTMLSelectElement>(".sort-by select")!.value = sort.key;
  for (const th of root.querySelectorAll<HTMLElement>("th")) {
    if (th.dataset.key === sort.key) th.setAttribute("aria-sort", sort.descending ? "descending" : "ascending");
    else th.removeAttribute("aria-sort");
  }
  const sorted = [...towns].sort((a, b) => compare(a[sort.key], b[sort.key]) * (sort.descending ? -1 : 1));
  const body = root.querySelector("tbody")!;
  body.innerHTML = sorted
    .map(
      (town) =>
        `<tr data-town="${escape(town.town)}">${COLUMNS.map((column) => {
          const value = town[column.key];
          const label = ` data-label="${escape(column.label)}"`;
          if (typeof value !== "number")
            return value === null
              ? `<td class="num missing"${label} title="${escape(noteOf(town, column.key))}">—</td>`
              : `<td class="text"${label}>${escape(value)}</td>`;
          const values = towns.map((t) => t[column.key]).filter((v): v is number => typeof v === "number");
          const best = column.best && value === (column.best === "high" ? Math.max(...values) : Math.min(...values));
          const width = (value / Math.max(...values)) * 100;
          return `<td class="num${best ? " best" : ""}"${label}><i style="width:calc((100% - 20px) * ${(width / 100).toFixed(3)})"></i><span>${column.format ? column.format(value) : value}</span></td>`;
        }).join("")}</tr>`,
    )
    .join("");
  for (const row of body.querySelectorAll<HTMLElement>("tr")) row.addEventListener("click", () => void showProfile(row));
}

async function showProfile(row: HTMLElement): Promise<void> {
  for (const other of row.parentElement!.children) other.classList.toggle("selected", other === row);
  const box = root.querySelector<HTMLElement>("#profile")!;
  box.className = "profile";
  box.textContent = `Loading ${row.dataset.town}…`;
  try {
    const profile = await view.call("getTown", row.dataset.town!);
    const fact = (label: string, value: string) => `<div><dt>${label}</dt><dd>${escape(value)}</dd></div>`;
    const figure = (f: { value: number | null; unit: string }) => (f.value === null ? "—" : `${f.value.toLocaleString("en-US")} ${f.unit}`);
    box.innerHTML = `<h2></h2><dl>${[
      fact("Census name", profile.censusName),
      fact("County", profile.county),
      fact("Population", figure(profile.population)),
      fact("Housing units", figure(profile.housingUnits)),
      fact("Land area", figure(profile.landAreaSqMi)),
      fact("Water area", figure(profile.waterAreaSqMi)),
      fact("Location", `${profile.latitude.toFixed(3)}, ${profile.longitude.toFixed(3)}`),
    ].join("")}</dl>`;
    box.querySelector("h2")!.textContent = profile.town;
  } catch (error) {
    box.className = "profile error";
    box.textContent = `Profile unavailable: ${(error as Error).message}`;
  }
}

function noteOf(town: TownSummary, figure: Column): string {
  return town.missing.find((m) => m.figure === figure)?.note ?? "No value";
}

// Missing values sort last whichever the direction.
function compare(a: unknown, b: unknown): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);
}
