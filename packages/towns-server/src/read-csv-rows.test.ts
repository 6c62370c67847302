import { describe, expect, test } from "vitest";
import { CsvSyntaxError, readCsvRows } from "./read-csv-rows.js";

function failure(text: string): CsvSyntaxError {
  try {
    readCsvRows(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return error;
    throw error;
  }
  throw new Error("expected readCsvRows to fail");
}

describe("readCsvRows", () => {
  test("splits plain rows and numbers their lines", () => {
    expect(readCsvRows("a,b,c\n1,,3\n")).toEqual([
      { fields: ["a", "b", "c"], line: 1 },
      { fields: ["1", "", "3"], line: 2 },
    ]);
  });

  test("accepts CRLF, a byte-order mark, no final line break, and skips blank lines", () => {
    expect(readCsvRows("\uFEFFa,b\r\n\r\n1,2\n\n3,4")).toEqual([
      { fields: ["a", "b"], line: 1 },
      { fields: ["1", "2"], line: 3 },
      { fields: ["3", "4"], line: 5 },
    ]);
  });

  test("reads quoted fields: commas, doubled quotes and line breaks inside", () => {
    expect(readCsvRows('name,note\n"Manchester, by the Sea","say ""hi""\nthere"\r\n"",x\nlast,"q"')).toEqual([
      { fields: ["name", "note"], line: 1 },
      { fields: ["Manchester, by the Sea", 'say "hi"\nthere'], line: 2 },
      { fields: ["", "x"], line: 4 },
      { fields: ["last", "q"], line: 5 },
    ]);
  });

  test("keeps counting lines after a quoted field that spans lines", () => {
    const rows = readCsvRows('a,b\n"1\n2\n3",x\n4,5\n');
    expect(rows.map((r) => r.line)).toEqual([1, 2, 5]);
  });

  test("names the line of a row with another number of fields than the first", () => {
    const error = failure("a,b,c\n1,2,3\n4,5\n");
    expect(error.line).toBe(3);
    expect(error.message).toBe("the row has 2 fields where the first row has 3");
  });

  test("names the line where an unclosed quote opens", () => {
    expect(failure('a,b\n1,2\n3,"four\n5,6\n').line).toBe(3);
  });

  test("rejects a quote in the middle of an unquoted field", () => {
    const error = failure('a,b\n1,2\n3,fo"ur\n');
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/^a quote inside a field that does not start with one/);
  });

  test("rejects text after a closing quote", () => {
    const error = failure('a,b\n"1"x,2\n');
    expect(error.line).toBe(2);
    expect(error.message).toMatch(/^a closing quote must end its field/);
  });

  test("reads nothing from empty text", () => {
    expect(readCsvRows("")).toEqual([]);
    expect(readCsvRows("\n\r\n")).toEqual([]);
  });
});
