import { describe, expect, test } from "vitest";
import { editJson, editYaml } from "./config-edit.js";

describe("editYaml (Goose's config)", () => {
  const line = '  calc: {"name":"calc"}';

  test("adds the entry under the mapping, creating it when the file has none", () => {
    expect(editYaml(undefined, "extensions", "calc", line, "config.yaml").text).toBe(`extensions:\n${line}\n`);
    expect(editYaml("GOOSE_MODEL: x\n", "extensions", "calc", line, "config.yaml").text).toBe(`GOOSE_MODEL: x\nextensions:\n${line}\n`);
  });

  test("takes out an entry of several lines whole, keeping the next key and leaving {} when none is left", () => {
    const text = "extensions:\n  calc:\n    enabled: true\n    cmd: node\nGOOSE_MODEL: x\n";
    const removed = editYaml(text, "extensions", "calc", undefined, "config.yaml");
    expect(removed).toEqual({ text: "extensions: {}\nGOOSE_MODEL: x\n", previous: "  calc:\n    enabled: true\n    cmd: node" });
    expect(editYaml(removed.text, "extensions", "calc", line, "config.yaml").text).toBe(`extensions:\n${line}\nGOOSE_MODEL: x\n`);
  });

  test("leaves a mapping written inline to a person", () => {
    expect(() => editYaml("extensions: {developer: {enabled: true}}\n", "extensions", "calc", line, "/h/config.yaml")).toThrow(
      '/h/config.yaml: "extensions:" is written inline, so typemcp leaves the file alone.',
    );
  });
});

describe("editJson", () => {
  test("keeps a tab-indented file tab-indented, and refuses a key that is not an object of servers", () => {
    expect(editJson('{\n\t"mcpServers": {}\n}\n', "mcpServers", "calc", { command: "node" }, "f.json").text).toBe(
      '{\n\t"mcpServers": {\n\t\t"calc": {\n\t\t\t"command": "node"\n\t\t}\n\t}\n}\n',
    );
    expect(() => editJson('{"mcpServers": []}', "mcpServers", "calc", {}, "f.json")).toThrow(
      'f.json: "mcpServers" is not an object of servers, so typemcp leaves the file alone.',
    );
  });
});
