import { spawn, type ChildProcess } from "node:child_process";
import { fromRoot } from "./paths.js";

/** test/fixtures/two-era-server.mjs: `shout(text)`, `fail()` and `wait(ms)` on the v2 server SDK, both eras. */
export const TWO_ERA_SERVER = fromRoot("test/fixtures/two-era-server.mjs");

/** The two-era server listening on 127.0.0.1 over Streamable HTTP, as its own process. */
export interface TwoEraHttpServer {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts `two-era-server.mjs --http` (plus `flags`) and waits for the URL it prints. */
export function startTwoEraHttpServer(flags: readonly string[] = []): Promise<TwoEraHttpServer> {
  const child: ChildProcess = spawn(process.execPath, [TWO_ERA_SERVER, "--http", ...flags], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("two-era-server.mjs --http printed no URL within 10 s"));
    }, 10_000);
    child.once("error", reject);
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const url = /^(http:\S+)\n/.exec(out)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({
        url,
        close: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}
