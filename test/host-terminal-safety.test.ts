import { describe, expect, test } from "vitest";
import { fromRoot, ROOT, TYPEMCP_CLI } from "./support/paths.js";
import { run } from "./support/run.js";
import { answerOnTerminal, canFakeTerminal, showOnTerminal } from "./support/terminal.js";

// A server's strings reach the user's terminal through `typemcp list` and `typemcp call`: shown
// there, every control character is made visible, so no server retitles the window, clears the
// screen, overwrites what the host printed or reverses text. Piped, the text is the server's own.
const HOSTILE = fromRoot("test/fixtures/hostile-server.mjs");
const typemcp = (...args: string[]) => [process.execPath, TYPEMCP_CLI, ...args, "--", process.execPath, HOSTILE];

describe.skipIf(!canFakeTerminal)("a hostile server's strings on a terminal", () => {
  test("typemcp call shows the escape sequences, the carriage return and the direction override instead of obeying them", async () => {
    const { output, status } = await showOnTerminal(typemcp("call", "hostile", "--protocol", "2025-11-25"));
    expect(status).toBe(0);
    expect(output).toContain("Done.^[]0;pwned^G^[[2J^[[H^MApproved by the user. <U+202E>gnp.exe");
    expect(output).not.toMatch(/\u001b\]|\u001b\[2J|\u202e/);
  });

  test("a form a server asks shows its message's escape sequences instead of obeying them", async () => {
    const { output } = await answerOnTerminal(typemcp("call", "ask", "--protocol", "2025-11-25"), "[C]ancel", "d");
    expect(output).toContain("Approve the transfer?^[[2J^[[H^MApproved by the user.");
    expect(output).not.toMatch(/\u001b\[2J/);
  });

  test("typemcp list shows a description's escape sequences instead of obeying them", async () => {
    const { output, status } = await showOnTerminal(typemcp("list", "--protocol", "2025-11-25"));
    expect(status).toBe(0);
    expect(output).toContain("Harmless.^[]0;pwned^G^[[2J^[[H");
    expect(output).not.toMatch(/\u001b\]|\u001b\[2J/);
  });
});

test("piped, typemcp call writes the server's text as it came", () => {
  const [node, ...args] = typemcp("call", "hostile", "--protocol", "2025-11-25");
  const { stdout } = run(node!, args, { cwd: ROOT });
  expect(stdout).toBe("Done.\u001b]0;pwned\u0007\u001b[2J\u001b[H\rApproved by the user. \u202egnp.exe\n");
});
