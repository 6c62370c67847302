import ts from "./typescript.cjs";
import { tjs } from "../vendor/typescript-json-schema.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { applyAliasKeywords } from "./alias-keywords.js";
import { renameDefs } from "./defs.js";
import { createLibraryTest, type LibraryTest } from "./declared-in-library.js";
import { EnumOrder } from "./enum-order.js";
import { dropInitializerDefaults, type PropertyDefinitions } from "./initializer-defaults.js";
import { normalizeSchema } from "./normalize-schema.js";
import { installTypeOverrides, type GeneratorInternals, type OverrideLog } from "./type-overrides.js";

/** A type's schema, and what the conversion noticed along the way. */
export interface TypeSchema {
  readonly schema: JsonSchema;
  /** The nested places typed `any` or `unknown` (`property "meta.extra"`, `each element`). */
  readonly untyped: readonly string[];
  /** The properties whose `/** *\/` comment TypeScript did not attach, so their JSDoc is lost. */
  readonly unreadDocs: readonly ts.Declaration[];
}

/** Where a type was written, for its JSDoc and the order of its literal unions. */
export interface TypeSource {
  /** The parameter or property whose JSDoc applies. */
  readonly symbol?: ts.Symbol;
  /** A type annotation that is not a symbol's own (a method's return type). */
  readonly typeNode?: ts.TypeNode;
  /** Arguments come in and are rebuilt (the default); results go out as JSON. */
  readonly direction?: "input" | "output";
}

/** Turns TypeScript types into JSON Schema (2020-12 dialect, as MCP expects), for one program. */
export class SchemaGenerator {
  private readonly tjs: GeneratorInternals;
  private readonly enumOrder: EnumOrder;
  private readonly log: OverrideLog;
  private readonly checker: ts.TypeChecker;

  constructor(program: ts.Program) {
    // Built directly rather than through `buildGenerator`, whose first act is to walk every
    // declaration of every file, lib and @types included, to index named types: typemcp asks for
    // types by node, never by name, and that walk was most of a build's schema time.
    const settings = { ...tjs.getDefaultArgs(), required: true, ref: false, strictNullChecks: true, noExtraProps: true, ignoreErrors: true };
    const generator = new tjs.JsonSchemaGenerator([], {}, {}, {}, typeTextsKept(program.getTypeChecker()), settings);
    this.tjs = generator as unknown as GeneratorInternals;
    keepLibraryCommentsOut(this.tjs, createLibraryTest(program));
    keepTypeNames(generator as unknown as TypeNaming, program.getTypeChecker());
    this.checker = program.getTypeChecker();
    this.enumOrder = new EnumOrder(this.checker);
    this.log = installTypeOverrides(this.tjs, program.getTypeChecker(), this.enumOrder);
    dropInitializerDefaults(generator as unknown as PropertyDefinitions);
  }

  /** The schema of a parameter, property or return type; throws why a type has no JSON form. */
  forType(type: ts.Type, source: TypeSource = {}): TypeSchema {
    this.tjs.resetSchemaSpecificProperties();
    this.log.untyped.length = 0;
    this.log.unreadDocs.length = 0;
    this.log.direction = source.direction ?? "input";
    if (source.typeNode) this.enumOrder.learn(source.typeNode);
    const { symbol } = source;
    const reffed = symbol ? this.tjs.getReferencedTypeSymbol(symbol) : undefined;
    const schema = this.tjs.getTypeDefinition(type, false, undefined, symbol, reffed);
    const written = source.typeNode ?? (symbol?.valueDeclaration as ts.ParameterDeclaration | undefined)?.type;
    applyAliasKeywords(written, schema, this.checker, (alias, definition) => this.tjs.parseCommentsIntoDefinition(alias, definition, {}));
    const defs = this.tjs.ReffedDefinitions;
    const whole = Object.keys(defs).length ? { ...schema, definitions: defs } : schema;
    return { schema: renameDefs(normalizeSchema(whole)), untyped: [...this.log.untyped], unreadDocs: [...this.log.unreadDocs] };
  }
}

/** The generator's naming of types, which it does not type. */
interface TypeNaming {
  getTypeName(type: ts.Type): string;
  makeTypeNameUnique(type: ts.Type, baseName: string): string;
}

/**
 * The generator names every type it meets (`typeToString`, for its recursion guard and `$ref`s)
 * and forgets the names with each conversion; a type's text does not change within a program,
 * so it is worked out once per type. Same names as the generator's own (its file-name pattern).
 */
function keepTypeNames(generator: TypeNaming, checker: ts.TypeChecker): void {
  const texts = new WeakMap<ts.Type, string>();
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType;
  generator.getTypeName = (type) => {
    let text = texts.get(type);
    if (text === undefined) {
      text = checker.typeToString(type, undefined, flags).replace(/(\bimport\(".*?"\)|".*?")\.| /g, "");
      texts.set(type, text);
    }
    return generator.makeTypeNameUnique(type, text);
  };
}

/**
 * The checker, as the generator uses it, with each type's text and each symbol's qualified name
 * worked out once: the generator names every object, union and property type it converts
 * (`typeToString`, to tell them apart) and every symbol it meets, so a type used by many tools was
 * written out again for each one. Neither changes within a program (a type written with no
 * enclosing declaration).
 */
function typeTextsKept(checker: ts.TypeChecker): ts.TypeChecker {
  const byFormat = new Map<ts.TypeFormatFlags | undefined, WeakMap<ts.Type, string>>();
  const names = new WeakMap<ts.Symbol, string>();
  const typeToString: ts.TypeChecker["typeToString"] = (type, enclosingDeclaration, flags) => {
    if (enclosingDeclaration) return checker.typeToString(type, enclosingDeclaration, flags);
    let texts = byFormat.get(flags);
    if (!texts) byFormat.set(flags, (texts = new WeakMap()));
    let text = texts.get(type);
    if (text === undefined) texts.set(type, (text = checker.typeToString(type, undefined, flags)));
    return text;
  };
  const getFullyQualifiedName = (symbol: ts.Symbol): string => {
    let name = names.get(symbol);
    if (name === undefined) names.set(symbol, (name = checker.getFullyQualifiedName(symbol)));
    return name;
  };
  return Object.assign(Object.create(checker) as ts.TypeChecker, { typeToString, getFullyQualifiedName });
}

/**
 * Descriptions come from the author alone: a type or property declared in the standard library
 * or a dependency (`Pick<URL, "host">`, `ReturnType<typeof process.memoryUsage>`) contributes no
 * JSDoc, which speaks to that library's programmers. Every comment the generator reads, its own
 * and typemcp's overrides', goes through `parseCommentsIntoDefinition`, so it is kept out there.
 */
function keepLibraryCommentsOut(generator: GeneratorInternals, isLibrary: LibraryTest): void {
  const original = generator.parseCommentsIntoDefinition.bind(generator);
  generator.parseCommentsIntoDefinition = (symbol, definition, otherAnnotations) => {
    if (!isLibrary(symbol)) original(symbol, definition, otherAnnotations);
  };
}
