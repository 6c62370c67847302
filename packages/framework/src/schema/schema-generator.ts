import ts from "typescript";
import * as tjs from "typescript-json-schema";
import type { JsonSchema } from "../tool-definition.js";

/** The generator methods typemcp relies on; typescript-json-schema has them but does not type them. */
interface GeneratorInternals {
  getTypeDefinition(type: ts.Type, asRef?: boolean, unionModifier?: string, prop?: ts.Symbol, reffedType?: ts.Symbol): JsonSchema;
  getReferencedTypeSymbol(prop: ts.Symbol): ts.Symbol | undefined;
  resetSchemaSpecificProperties(): void;
  readonly ReffedDefinitions: Record<string, JsonSchema>;
}

/** Turns TypeScript types into JSON Schema (2020-12 dialect, as MCP expects), for one program. */
export class SchemaGenerator {
  private readonly tjs: GeneratorInternals;

  constructor(program: ts.Program) {
    const generator = tjs.buildGenerator(program, {
      required: true,
      ref: false,
      strictNullChecks: true,
      noExtraProps: true,
      ignoreErrors: true,
    });
    if (!generator) throw new Error("typescript-json-schema could not read the program.");
    this.tjs = generator as unknown as GeneratorInternals;
  }

  /** The schema of a parameter, property or return type, with JSDoc on `symbol` applied. */
  forType(type: ts.Type, symbol?: ts.Symbol): JsonSchema {
    this.tjs.resetSchemaSpecificProperties();
    const reffed = symbol ? this.tjs.getReferencedTypeSymbol(symbol) : undefined;
    const schema = this.tjs.getTypeDefinition(type, false, undefined, symbol, reffed);
    const defs = this.tjs.ReffedDefinitions;
    return normalize(Object.keys(defs).length ? { ...schema, definitions: defs } : schema);
  }
}

/**
 * Brings typescript-json-schema's draft-07 output to the dialect MCP clients read:
 * `definitions` → `$defs`, tuple `items: [...]` → `prefixItems`, TSDoc's "- " before
 * `@param` text dropped, no `$schema`.
 */
function normalize(schema: JsonSchema): JsonSchema {
  return normalizeNode(schema) as JsonSchema;
}

function normalizeNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalizeNode);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema") continue;
    if (key === "definitions") out.$defs = normalizeNode(value);
    else if (key === "$ref" && typeof value === "string") out.$ref = value.replace("#/definitions/", "#/$defs/");
    else if (key === "items" && Array.isArray(value)) out.prefixItems = normalizeNode(value);
    else if (key === "description" && typeof value === "string") out.description = value.replace(/^-\s+/, "");
    else out[key] = normalizeNode(value);
  }
  return out;
}
