// `pnpm bench:output`: what checking a result against its tool's output schema costs per call,
// in process, for the result shapes the sample servers return. The check (convert to JSON as
// declared, refuse non-finite numbers, validate with the tool's compiled schema) runs once per
// tools/call; compare its µs with the server CPU per call that `pnpm bench` reports.
//
//   node bench/output-bench.mjs [--quick]
import { fileURLToPath } from "node:url";
import { median } from "./lib/stats.mjs";

const dist = (p) => fileURLToPath(new URL(`../packages/framework/dist/runtime/${p}`, import.meta.url));
const { OutputContract } = await import(dist("output-contract.js"));
const { loadValidators } = await import(dist("argument-validator.js"));
const { toCallResult } = await import(dist("to-call-result.js"));
await loadValidators();

const quick = process.argv.includes("--quick");
const CALLS = quick ? 10_000 : 50_000;
const ROUNDS = quick ? 3 : 9;

const number = { type: "number" };
const town = {
  type: "object",
  properties: {
    name: { type: "string" },
    state: { type: "string" },
    population: { type: "integer" },
    medianPrice: { type: ["number", "null"] },
    updated: { type: "string", format: "date-time" },
  },
  required: ["name", "state", "population", "medianPrice", "updated"],
  additionalProperties: false,
};
const wrap = (result) => ({ type: "object", properties: { result }, required: ["result"], additionalProperties: false });
const towns = Array.from({ length: 20 }, (_, i) => ({
  name: `Town ${i}`,
  state: "MA",
  population: 1000 + i,
  medianPrice: i % 3 ? 450000.5 : null,
  updated: new Date(Date.UTC(2024, 0, i + 1)),
}));

const plainTown = { ...town, properties: { ...town.properties, updated: { type: "string" } } };
const plainTowns = towns.map((t) => ({ ...t, updated: t.updated.toISOString() }));

const CASES = [
  { label: "calc: number → { result }", plan: "wrap", schema: wrap(number), value: () => 0.1 + 0.2 },
  { label: "object of 5 fields with a Date", plan: "object", schema: town, value: () => towns[3] },
  { label: "array of 20 such objects", plan: "wrap", schema: wrap({ type: "array", items: town }), value: () => towns },
  { label: "array of 20, no Dates", plan: "wrap", schema: wrap({ type: "array", items: plainTown }), value: () => plainTowns },
];

console.log(`output contract, ${CALLS} calls × ${ROUNDS} rounds, Node ${process.version} (median µs per call)\n`);
console.log(`${"result".padEnd(34)}${"toCallResult".padStart(14)}${"+ contract".padStart(14)}${"added".padStart(10)}`);
for (const c of CASES) {
  const contract = new OutputContract("bench", c.plan, c.schema);
  // What a call cost before the contract: the result object alone (Dates left to JSON.stringify).
  const [before, after] = timePerCall(
    () => JSON.stringify(toCallResult(c.value(), c.plan)),
    () => JSON.stringify(toCallResult(contract.toWire(c.value()), c.plan)),
  );
  console.log(`${c.label.padEnd(34)}${before.toFixed(3).padStart(14)}${after.toFixed(3).padStart(14)}${(after - before).toFixed(3).padStart(10)}`);
}

/** Median over rounds of the mean CPU µs one call of each function takes; rounds alternate, so load drift hits both alike. */
function timePerCall(...fns) {
  for (const fn of fns) for (let i = 0; i < CALLS / 10; i++) fn();
  const rounds = fns.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    fns.forEach((fn, f) => {
      const start = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) fn();
      const used = process.cpuUsage(start);
      rounds[f].push((used.user + used.system) / CALLS);
    });
  }
  return rounds.map(median);
}
