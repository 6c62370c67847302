// A server process driven with raw newline-delimited JSON-RPC, so the numbers measure the
// server and not a client library. Node built-ins only.
import { spawn } from "node:child_process";
import fs from "node:fs";

const INIT_PARAMS = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "typemcp-bench", version: "1" } };

export class RpcProcess {
  /**
   * @param {string[]} command argv: [executable, ...args]
   * @param {Record<string, string>} [env] variables added to this process's environment
   */
  constructor(command, env) {
    const started = process.hrtime.bigint();
    this.startedAt = started;
    this.child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "pipe"], ...(env ? { env: { ...process.env, ...env } } : {}) });
    this.nextId = 1;
    this.waiting = new Map();
    this.buffer = "";
    this.pending = [];
    this.stderr = "";
    this.unsolicited = [];
    this.child.stdout.setEncoding("utf8").on("data", (chunk) => this.onData(chunk));
    this.child.stderr.setEncoding("utf8").on("data", (chunk) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  get pid() {
    return this.child.pid;
  }

  onData(chunk) {
    // A line of megabytes arrives in many chunks: gathered in a list and joined once its newline
    // comes, rather than searched and copied again at every chunk.
    if (!chunk.includes("\n")) {
      this.pending.push(chunk);
      return;
    }
    this.buffer += this.pending.join("") + chunk;
    this.pending = [];
    let i;
    while ((i = this.buffer.indexOf("\n")) !== -1) {
      const line = this.buffer.slice(0, i);
      this.buffer = this.buffer.slice(i + 1);
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        this.unsolicited.push(line);
        continue;
      }
      const resolve = this.waiting.get(message.id);
      if (resolve) {
        this.waiting.delete(message.id);
        resolve(message);
      } else this.unsolicited.push(message);
    }
  }

  /** Sends a request and resolves with the whole response message. */
  request(method, params) {
    const id = this.nextId++;
    const reply = new Promise((resolve) => this.waiting.set(id, resolve));
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    return reply;
  }

  notify(method, params) {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method, params })}\n`);
  }

  /** Writes a raw line, valid or not. */
  raw(line) {
    this.child.stdin.write(`${line}\n`);
  }

  async initialize() {
    const reply = await this.request("initialize", INIT_PARAMS);
    this.notify("notifications/initialized");
    return reply;
  }

  /** utime + stime of the process in milliseconds, from /proc (all threads). */
  cpuMs() {
    const stat = fs.readFileSync(`/proc/${this.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS;
  }

  /**
   * CPU time of every thread of the process in milliseconds, from /proc/<pid>/task/<tid>/schedstat
   * (nanoseconds, where /proc/<pid>/stat counts 10 ms ticks): precise enough for one start-up.
   */
  preciseCpuMs() {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${this.pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${this.pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return ns / 1e6;
  }

  /** { rssKb, peakKb } from /proc/<pid>/status. */
  memory() {
    const status = fs.readFileSync(`/proc/${this.pid}/status`, "utf8");
    const read = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
    return { rssKb: read("VmRSS"), peakKb: read("VmHWM") };
  }

  async stop() {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 3000);
    await this.exited;
    clearTimeout(timer);
  }
}

// USER_HZ is 100 on every Linux this runs on; /proc/self/auxv would say otherwise.
const CLOCK_TICKS = 100;

/** Milliseconds since `start` (a bigint from process.hrtime.bigint()). */
export function msSince(start) {
  return Number(process.hrtime.bigint() - start) / 1e6;
}
