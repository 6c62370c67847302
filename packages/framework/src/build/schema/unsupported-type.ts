import ts from "./typescript.cjs";
import { libraryName } from "./library-name.js";
import { bytesKind, isUrlType } from "./special-types.js";

/**
 * Why a parameter or return type cannot cross the wire as JSON, or undefined when it can.
 * `any` and `unknown` can (as any JSON value); the build warns about them elsewhere.
 */
export function whyUnsupported(type: ts.Type, checker: ts.TypeChecker, direction: Direction = "input"): string | undefined {
  if (type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Never)) return `\`${checker.typeToString(type)}\` cannot be an argument`;
  if (type.isUnion()) {
    for (const member of type.types) {
      const why = whyUnsupported(member, checker, direction);
      if (why) return why;
    }
    return undefined;
  }
  return whyNoJsonForm(type, direction);
}

/** Which way a value travels: arguments come in (and must be rebuilt), results go out. */
export type Direction = "input" | "output";

const BINARY = new Set([
  "ArrayBuffer",
  "SharedArrayBuffer",
  "DataView",
  "Int8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
]);

/** Why a value of `type`, at any depth of an argument or result, has no JSON form. */
export function whyNoJsonForm(type: ts.Type, direction: Direction = "input"): string | undefined {
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return undefined;
  if (flags & ts.TypeFlags.BigIntLike) return "`bigint` has no JSON form; use `number` or a numeric `string`";
  if (flags & ts.TypeFlags.ESSymbolLike) return "a `symbol` cannot be sent as JSON";
  if (type.isUnion()) return type.types.map((member) => whyNoJsonForm(member, direction)).find((why) => why !== undefined);
  const name = libraryName(type);
  if (name === "WeakMap") return "a `WeakMap` has no JSON form; use `Map<string, T>` or `Record<string, T>`";
  if (name === "WeakSet") return "a `WeakSet` has no JSON form; use `Set<T>` or an array";
  if (name === "Promise") return "a `Promise` cannot be sent as JSON; await it";
  if (name === "RegExp")
    return "a `RegExp` has no JSON form; take its source as a `string` (tag it `@format regex` to have it checked) and build the RegExp in the method";
  if (name && BINARY.has(name)) return `a \`${name}\` has no JSON form; use \`Uint8Array\` for bytes (sent as base64) or \`number[]\``;
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0 || isFunctionInterface(type)) return "a function cannot be sent as JSON";
  if (direction === "input" && !name) return whyBehaviour(type);
  return undefined;
}

/**
 * A class instance whose class has methods or accessors, or an interface with method members,
 * is behaviour, not data: what arrives from JSON is a plain object, on which every method would
 * be missing. (A class of fields only is plain data and arrives as an object of that shape.)
 */
function whyBehaviour(type: ts.Type): string | undefined {
  const symbol = type.getSymbol();
  if (!symbol || !(type.flags & ts.TypeFlags.Object) || bytesKind(type) || isUrlType(type)) return undefined;
  const members = type.getProperties().filter((p) => p.declarations?.some(isBehaviour));
  if (!members.length) return undefined;
  const names = members.map((m) => `\`${m.getName()}\``).join(", ");
  if (symbol.flags & ts.SymbolFlags.Class) {
    return `a \`${symbol.getName()}\` is a class instance with methods or accessors (${names}), which JSON cannot carry: what arrives is a plain object without them. Take an interface of its data instead and build the \`${symbol.getName()}\` inside the method`;
  }
  return `method ${names} cannot be sent as JSON; declare only data properties`;
}

// `Function` (and the `CallableFunction`/`NewableFunction` it splits into) declares no call
// signature, only `apply`, `call`, `bind`…; it and interfaces extending it are still functions.
const FUNCTION_INTERFACES = new Set(["Function", "CallableFunction", "NewableFunction"]);

function isFunctionInterface(type: ts.Type, seen = new Set<ts.Type>()): boolean {
  if (seen.has(type)) return false;
  seen.add(type);
  const name = libraryName(type);
  if (name && FUNCTION_INTERFACES.has(name)) return true;
  const bases = type.isClassOrInterface() ? (type.getBaseTypes() ?? []) : [];
  return bases.some((base) => isFunctionInterface(base, seen));
}

function isBehaviour(declaration: ts.Declaration): boolean {
  return (
    ts.isMethodDeclaration(declaration) ||
    ts.isMethodSignature(declaration) ||
    ts.isGetAccessorDeclaration(declaration) ||
    ts.isSetAccessorDeclaration(declaration)
  );
}
