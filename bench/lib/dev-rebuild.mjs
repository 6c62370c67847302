// `typemcp dev` on a generated project: edits one line of one file, times dev's own rebuild.
import { spawn } from "node:child_process";
import fs from "node:fs";

/**
 * Starts `typemcp dev --http` in `dir` on `entry`, then `runs` times rewrites one tool's JSDoc in
 * `file` and waits for dev's "rebuilt and restarted" line. Returns, per run, dev's own figures
 * (rebuild and restart, build alone, in ms) and the CPU the dev process spent on it.
 */
export async function devRebuilds({ node, cli, dir, entry, file, runs }) {
  const dev = spawn(node, [cli, "dev", entry, "--http", "--port", "0"], { cwd: dir, env: { ...process.env, TYPEMCP_DEV_DEBUG: "1" } });
  let stderr = "";
  dev.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => dev.once("exit", resolve));
  const waitFor = (pattern, from) =>
    new Promise((resolve, reject) => {
      const look = () => {
        const match = stderr.slice(from).match(pattern);
        if (match) {
          dev.stderr.off("data", look);
          resolve({ match, end: from + match.index + match[0].length });
        }
      };
      dev.stderr.on("data", look);
      exited.then(() => reject(new Error(`typemcp dev exited:\n${stderr}`)));
      look();
    });
  const cpuMs = () => {
    const fields = fs.readFileSync(`/proc/${dev.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  const original = fs.readFileSync(file, "utf8");
  const results = [];
  try {
    let { end } = await waitFor(/watching for changes/, 0);
    for (let run = 1; run <= runs; run++) {
      ({ end } = await waitFor(/standby ready/, end));
      const before = cpuMs();
      fs.writeFileSync(file, original.replace(/: add two numbers\./, `: add two numbers (edit ${run}).`));
      const { match, end: after } = await waitFor(/rebuilt and restarted in (\d+) ms \(build (\d+) ms/, end);
      end = after;
      results.push({ total: Number(match[1]), build: Number(match[2]), cpu: cpuMs() - before });
    }
  } finally {
    fs.writeFileSync(file, original);
    dev.kill("SIGTERM");
    await exited;
  }
  return results;
}
