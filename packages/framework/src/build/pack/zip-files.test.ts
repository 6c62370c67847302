import { describe, expect, test } from "vitest";
import { zipFiles } from "./zip-files.js";

describe("zipFiles", () => {
  test("refuses an entry name that would unpack outside the bundle's folder, naming it", () => {
    const data = Buffer.from("x");
    for (const name of ["../secret.txt", "dist/../../secret.txt", "/etc/passwd", "C:/Windows/x", "dist\\..\\x", "dist//x", "./x", "", "a\nb"]) {
      expect(() => zipFiles([{ name, data }]), name).toThrow(`refusing to put ${JSON.stringify(name)} in the bundle: an entry must be a plain path inside it.`);
    }
  });

  test("takes plain relative paths", () => {
    const archive = zipFiles([
      { name: "dist/calc.js", data: Buffer.from("x") },
      { name: ".hidden/ok.txt", data: Buffer.from("y") },
    ]);
    expect(archive.includes(Buffer.from("dist/calc.js"))).toBe(true);
  });
});
