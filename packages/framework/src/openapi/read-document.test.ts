import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { HostError } from "../errors/host-error.js";
import { readDocument } from "./read-document.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-openapi-read-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const where = path.join(dir, name);
  fs.writeFileSync(where, text);
  return where;
}

describe("readDocument", () => {
  test("reads YAML, and JSON whatever the file is called", async () => {
    expect((await readDocument(file("a.yaml", "openapi: 3.1.0\ninfo:\n  title: A\n"))).info?.title).toBe("A");
    expect((await readDocument(file("b.txt", '{ "openapi": "3.0.3", "info": { "title": "B" } }'))).info?.title).toBe("B");
  });

  test("reads 3.0, 3.1 and 3.2, and refuses any other version naming it", async () => {
    for (const version of ["3.0.0", "3.1.1", "3.2.0"]) await expect(readDocument(file("v.yaml", `openapi: ${version}\n`))).resolves.toBeDefined();
    const refused = readDocument(file("v4.yaml", "openapi: 4.0.0\n"));
    await expect(refused).rejects.toThrow(HostError);
    await expect(refused).rejects.toThrow(/v4\.yaml is OpenAPI 4\.0\.0; typemcp openapi reads OpenAPI 3\.0, 3\.1 and 3\.2\.$/);
  });

  test("says what is wrong with a file that is no OpenAPI document", async () => {
    await expect(readDocument(file("list.yaml", "- a\n- b\n"))).rejects.toThrow("list.yaml is not an OpenAPI document: it holds no object at its top.");
    await expect(readDocument(file("plain.yaml", "title: x\n"))).rejects.toThrow('plain.yaml is not an OpenAPI document: it has no "openapi" version field.');
    await expect(readDocument(file("bad.json", "{ openapi: 3 }"))).rejects.toThrow(/bad\.json is not valid JSON: /);
  });
});
