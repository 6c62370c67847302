import { spawn } from "node:child_process";

/**
 * Opens `url` with the platform's opener (`open`, `xdg-open`, or Windows' URL handler, which
 * unlike `start` reads no `&` as a shell operator). Best effort: an opener that is missing or
 * fails changes nothing, as the URL is shown on stderr too.
 */
export function openInBrowser(url: string): void {
  const [command, args]: [string, string[]] =
    process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["rundll32", ["url.dll,FileProtocolHandler", url]] : ["xdg-open", [url]];
  const child = spawn(command, args, { stdio: "ignore", detached: true });
  child.on("error", () => {});
  child.unref();
}
