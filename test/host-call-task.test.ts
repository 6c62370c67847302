import { describe, expect, test } from "vitest";
import { ERAS } from "./support/contract-transports.js";
import { HOST_SERVERS, typemcp } from "./support/host-cli.js";
import { fromRoot } from "./support/paths.js";

// `typemcp call --task` runs a task tool as a task, in each era as that era asks for one, shows
// each status the task reports on stderr and prints the tool's result on stdout, as a plain call.
const CONTRACT = fromRoot("test/fixtures/contract/dist/contract.js");
const STATUS = /^typemcp: task (\S+) (working|completed)$/;

describe("typemcp call --task", () => {
  for (const era of ERAS) {
    test(`runs a task tool as a task over ${era}, telling its statuses and printing its result`, async () => {
      const run = await typemcp(["call", "double", "--task", "--arg", "n=21", "--protocol", era, "--", process.execPath, CONTRACT]);
      expect(
        run.stderr
          .split("\n")
          .filter(Boolean)
          .map((line) => STATUS.exec(line)?.[2] ?? line),
      ).toEqual(["working", "completed"]);
      const ids = new Set(run.stderr.split("\n").flatMap((line) => STATUS.exec(line)?.[1] ?? []));
      expect(ids.size).toBe(1);
      expect(run.stdout).toBe("42\n");
      expect(run.status).toBe(0);
    });
  }

  test("calls a tool that does not run as a task as usual, saying so, on a 2025-11-25 server that lists which do", async () => {
    const run = await typemcp(["call", "add", "--task", "--arg", "a=1", "--arg", "b=2", "--protocol", "2025-11-25", "--", process.execPath, HOST_SERVERS.calc]);
    expect(run.stderr).toBe("typemcp: note: add does not run as a task (the server lists no taskSupport for it): calling it as usual.\n");
    expect(run.stdout).toBe("3\n");
    expect(run.status).toBe(0);
  });
});
