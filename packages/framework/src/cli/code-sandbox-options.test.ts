import { describe, expect, test } from "vitest";
import { readCodeSandbox } from "./code-sandbox-options.js";

const count = (text: string) => Number(text);

describe("typemcp chat's code sandbox options", () => {
  test("--sandbox takes deno or workerd, and goes with code mode only, as --deno and --workerd do", () => {
    expect(() => readCodeSandbox({ sandbox: "node" }, true, count)).toThrow('--sandbox takes deno or workerd; got "node".');
    expect(() => readCodeSandbox({ sandbox: "workerd" }, false, count)).toThrow('--sandbox goes with --code (or "code": true in mcp.json).');
    expect(() => readCodeSandbox({ workerd: "/bin/workerd" }, false, count)).toThrow('--workerd goes with --code (or "code": true in mcp.json).');
    expect(readCodeSandbox({}, false, count)).toBeUndefined();
  });

  test("a runtime named for the sandbox not chosen is a usage error, not ignored", () => {
    expect(() => readCodeSandbox({ workerd: "/bin/workerd" }, true, count)).toThrow(
      "--workerd names the workerd sandbox's binary, but the sandbox is deno (--sandbox workerd picks it).",
    );
    expect(() => readCodeSandbox({ sandbox: "workerd", deno: "/bin/deno" }, true, count)).toThrow(
      "--deno names the deno sandbox's binary, but the sandbox is workerd (--sandbox deno picks it).",
    );
  });
});
