// Code mode's sandbox: how long Deno takes to start a program (with and without the type check) and what
// one tool call through the bridge costs. Needs Deno (TYPEMCP_DENO, node_modules/.bin/deno or PATH).
//   TYPEMCP_DENO=$(npm prefix)/node_modules/.bin/deno node bench/code-mode-bench.mjs
import { createDenoSandbox } from "typemcp/host";
const sandbox = createDenoSandbox();
const base = {
  declarations: "declare namespace t { function echo(args: { n: number }): Promise<{ n: number }>; }\n",
  namespaces: { t: { echo: "t__echo" } },
  onCall: async (_tool, args) => ({ ok: true, value: args }),
};
const time = async (code, language) => {
  const t0 = performance.now();
  const r = await sandbox.run({ ...base, code, language });
  if (r.failure) throw new Error(r.failure.message);
  return performance.now() - t0;
};
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runs = async (code, language, n = 5) => {
  const xs = [];
  for (let i = 0; i < n; i++) xs.push(await time(code, language));
  return median(xs);
};
const emptyTs = await runs("", "typescript");
const emptyJs = await runs("", "javascript");
const callsJs = await runs("for (let i = 0; i < 1000; i++) await t.echo({ n: i });", "javascript");
console.log(`empty TypeScript program (deno start + type check): ${emptyTs.toFixed(0)} ms`);
console.log(`empty JavaScript program (deno start, no check): ${emptyJs.toFixed(0)} ms`);
console.log(`per bridge call (1000 sequential calls, JS): ${((callsJs - emptyJs) / 1000).toFixed(3)} ms`);
