import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { TYPEMCP_CLI, fromRoot } from "./paths.js";

/** Debian's Chromium, which `.ci/run` installs; the tests never download a browser. */
export const CHROMIUM = "/usr/bin/chromium";

/** Whether the browser tests can run here, and if not, why. */
export function chromiumMissing(): string | undefined {
  return fs.existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run does it)`;
}

/** Where the browser tests leave their screenshots. */
export const SCREENSHOTS = fromRoot("test-results/views");

/** Headless Chromium with a fresh profile (its --user-data-dir), nothing started in the background, no network of its own. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport: { width: 1100, height: 1000 },
    colorScheme: "light",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    timeout: 30_000,
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** `typemcp view` running for one server command, with the URL it printed. */
export interface ViewProcess {
  readonly url: string;
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `typemcp view --port 0 -- <command>` and waits for the URL of its page. */
export async function startView(command: readonly string[], env: Record<string, string> = {}): Promise<ViewProcess> {
  const child: ChildProcess = spawn(process.execPath, [TYPEMCP_CLI, "view", "--port", "0", "--", ...command], {
    cwd: os.tmpdir(),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`typemcp view printed no URL in 45 s:\n${stderr}`)), 45_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /typemcp view: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(stderr);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`typemcp view exited (${code}) before printing a URL:\n${stderr}`));
    });
  });
  return {
    url,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
