import { describe, expect, test } from "vitest";
import { asSentence } from "./jsdoc-text.js";
import { toCamelCase, toConstantCase, toKebabCase, toMethodName, toParameterName, toPascalCase, uniqueName } from "./naming.js";

describe("toMethodName", () => {
  test.each([
    ["listBooks", "listBooks"],
    ["list_books", "listBooks"],
    ["ListBooks", "listBooks"],
    ["books.list-all", "booksListAll"],
    ["getHTTPStatus", "getHttpStatus"],
    ["2fa_verify", "n2faVerify"],
  ])("reads the operationId %s as %s, the tool's name", (operationId, name) => {
    expect(toMethodName(operationId, "get", "/x")).toBe(name);
  });

  test("names an operation without an operationId after its method and path, a path parameter read as by", () => {
    expect(toMethodName(undefined, "get", "/books/{bookId}")).toBe("getBooksByBookId");
    expect(toMethodName(undefined, "post", "/books/{bookId}/loans")).toBe("postBooksByBookIdLoans");
    expect(toMethodName("  ", "delete", "/")).toBe("delete");
  });
});

describe("names for the generated file", () => {
  test("turns parameter names into identifiers TypeScript takes", () => {
    expect(toParameterName("X-Request-Id")).toBe("xRequestId");
    expect(toParameterName("page[size]")).toBe("pageSize");
    expect(toParameterName("default")).toBe("defaultValue");
    expect(toParameterName("ctx")).toBe("ctxValue");
    expect(toParameterName("$top")).toBe("top");
  });

  test("writes types in PascalCase, environment variables in CONSTANT_CASE and files in kebab-case", () => {
    expect(toPascalCase("book-status")).toBe("BookStatus");
    expect(toPascalCase("Library API")).toBe("LibraryApi");
    expect(toConstantCase("Library API")).toBe("LIBRARY_API");
    expect(toConstantCase("Pet Store (v2)")).toBe("PET_STORE_V2");
    expect(toKebabCase("Library API")).toBe("library-api");
    expect(toCamelCase("")).toBe("value");
  });

  test("numbers a name that is taken", () => {
    const taken = new Set(["body"]);
    expect(uniqueName("body", taken)).toBe("body2");
    expect(uniqueName("body", taken)).toBe("body3");
    expect(uniqueName("query", taken)).toBe("query");
  });
});

describe("asSentence", () => {
  test.each([
    ["pet status in the store", "Pet status in the store."],
    ["iOS apps only", "iOS apps only."],
    ["Done!", "Done!"],
    ["  Words to look for  ", "Words to look for."],
  ])("writes %j as %j", (text, sentence) => {
    expect(asSentence(text)).toBe(sentence);
  });
});
