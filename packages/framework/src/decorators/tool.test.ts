import { describe, expect, test } from "vitest";
import type { GeneratedTool, ToolOptions } from "../definitions/tool-definition.js";
import type { MethodDecorator } from "./method-decorator.js";
import { prompt } from "./prompt.js";
import { resource } from "./resource.js";
import { tool } from "./tool.js";
import { getComponentRecord as getToolRecord } from "./component-records.js";

/** The decorator as plain JavaScript calls it: its public type refuses the misplaced uses tested here. */
function raw(decorator: MethodDecorator): (...args: unknown[]) => void {
  return decorator as unknown as (...args: unknown[]) => void;
}

/** `tool` as the build's emitted code calls it, with the derived definition as a second argument. */
const builtTool = tool as unknown as (options: ToolOptions, generated: GeneratedTool) => MethodDecorator;

function add(a: number, b: number): number {
  return a + b;
}

/** What `act` threw; fails the test when it returns. */
function thrownBy(act: () => void): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** The TypeError the decorator throws for anything but an instance method. */
function notAnInstanceMethod(name: string): TypeError {
  return new TypeError(`@tool() applies to instance methods only; "${name}" is not one.`);
}

const generated: GeneratedTool = {
  method: "add",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  params: [],
  result: "none",
};

describe("tool", () => {
  describe("with TC39 decorators", () => {
    test("records the method under its name, with options and generated definition", () => {
      const method = function sum() {};
      raw(builtTool({ name: "plus", annotations: { readOnlyHint: true } }, generated))(method, { kind: "method", name: "sum", static: false });
      expect(getToolRecord(method)).toEqual({
        kind: "tool",
        key: "sum",
        options: { name: "plus", annotations: { readOnlyHint: true } },
        generated,
      });
    });

    test("records empty options and no generated definition when called bare", () => {
      const method = function ping() {};
      raw(tool())(method, { kind: "method", name: "ping", static: false });
      expect(getToolRecord(method)).toEqual({ kind: "tool", key: "ping", options: {}, generated: undefined });
    });

    test("records a symbol-named method under its description", () => {
      const method = function secret() {};
      raw(tool())(method, { kind: "method", name: Symbol("secret"), static: false });
      expect(getToolRecord(method)?.key).toBe("Symbol(secret)");
    });

    test("throws a TypeError for a static method", () => {
      const method = function create() {};
      expect(thrownBy(() => raw(tool())(method, { kind: "method", name: "create", static: true }))).toEqual(notAnInstanceMethod("create"));
      expect(getToolRecord(method)).toBeUndefined();
    });

    test("throws a TypeError for a field", () => {
      expect(thrownBy(() => raw(tool())(undefined, { kind: "field", name: "count", static: false }))).toEqual(notAnInstanceMethod("count"));
    });

    test("throws a TypeError for a getter", () => {
      const getter = function total() {};
      expect(thrownBy(() => raw(tool())(getter, { kind: "getter", name: "total", static: false }))).toEqual(notAnInstanceMethod("total"));
      expect(getToolRecord(getter)).toBeUndefined();
    });
  });

  describe("with experimentalDecorators", () => {
    test("records the descriptor's function under the property key", () => {
      const method = function sum() {};
      const prototype = {};
      raw(builtTool({ title: "Sum" }, generated))(prototype, "sum", { value: method });
      expect(getToolRecord(method)).toEqual({ kind: "tool", key: "sum", options: { title: "Sum" }, generated });
    });

    test("records a real class method, found again through an instance", () => {
      class Calculator {
        add(a: number, b: number): number {
          return add(a, b);
        }
      }
      const descriptor = Object.getOwnPropertyDescriptor(Calculator.prototype, "add");
      raw(tool())(Calculator.prototype, "add", descriptor);
      expect(getToolRecord(new Calculator().add)).toEqual({ kind: "tool", key: "add", options: {}, generated: undefined });
    });

    test("throws a TypeError for a static method", () => {
      class Factory {}
      const method = function create() {};
      expect(thrownBy(() => raw(tool())(Factory, "create", { value: method }))).toEqual(notAnInstanceMethod("create"));
      expect(getToolRecord(method)).toBeUndefined();
    });

    test("throws a TypeError for a field", () => {
      expect(thrownBy(() => raw(tool())({}, "count"))).toEqual(notAnInstanceMethod("count"));
    });

    test("throws a TypeError for an accessor", () => {
      class Cart {
        get total(): number {
          return 1;
        }
      }
      const descriptor = Object.getOwnPropertyDescriptor(Cart.prototype, "total");
      expect(thrownBy(() => raw(tool())(Cart.prototype, "total", descriptor))).toEqual(notAnInstanceMethod("total"));
    });
  });
});

describe("getToolRecord", () => {
  test("returns undefined for a function that is not a tool", () => {
    expect(getToolRecord(add)).toBeUndefined();
  });

  test("returns undefined for a value that is not a function", () => {
    expect(getToolRecord({ key: "add" })).toBeUndefined();
  });
});

describe("a decorator written without parentheses, compiled anyway", () => {
  // `@tool greet()` calls tool itself as the decorator; what it returned would replace the method.
  const asDecorator = (factory: unknown) => factory as (...args: unknown[]) => unknown;

  test("throws a TypeError naming the fix, with TC39 decorators", () => {
    const greet = function greet() {};
    expect(thrownBy(() => asDecorator(tool)(greet, { kind: "method", name: "greet", static: false }))).toEqual(
      new TypeError('@tool needs parentheses: write @tool() on "greet"; tool(…) makes the decorator.'),
    );
    expect(thrownBy(() => asDecorator(prompt)(greet, { kind: "method", name: "greet", static: false }))).toEqual(
      new TypeError('@prompt needs parentheses: write @prompt() on "greet"; prompt(…) makes the decorator.'),
    );
  });

  test("throws a TypeError naming the fix, with experimentalDecorators", () => {
    const prototype = { greet() {} };
    const descriptor = Object.getOwnPropertyDescriptor(prototype, "greet");
    expect(thrownBy(() => asDecorator(tool)(prototype, "greet", descriptor))).toEqual(
      new TypeError('@tool needs parentheses: write @tool() on "greet"; tool(…) makes the decorator.'),
    );
    expect(thrownBy(() => asDecorator(resource)(prototype, "greet", descriptor))).toEqual(
      new TypeError('@resource needs parentheses: write @resource("uri://…") on "greet"; resource(…) makes the decorator.'),
    );
  });
});
