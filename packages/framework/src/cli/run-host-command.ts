import { show } from "./terminal-text.js";
import { HostError } from "../errors/host-error.js";

/**
 * Runs a host command and turns what it throws into an exit code: a HostError's message goes to
 * stderr in plain words with its code (2 usage, 3 server, 4 refused); anything else is a bug in
 * typemcp and is reported with its stack, exit 3.
 */
export async function runHostCommand(command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof HostError) {
      show(process.stderr, `typemcp: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(`typemcp: unexpected failure, please report it:\n${error instanceof Error ? error.stack : String(error)}\n`);
    return 3;
  }
}
