import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchema } from "../tool-definition.js";
import { describeErrors } from "./describe-errors.js";
import { parseJsonArguments, toJsonArgumentKinds } from "./parse-json-arguments.js";

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

let ajv: Ajv2020 | undefined;

function getAjv(): Ajv2020 {
  // allErrors: a model should learn about every wrong parameter from one failed call.
  // verbose: each error carries the schema and value it is about, for describeErrors.
  ajv ??= addFormats(new Ajv2020({ allErrors: true, verbose: true, strict: false, useDefaults: true }));
  return ajv;
}

/** Checks one tool's arguments; compiled on first use, then reused for every call. */
export class ArgumentValidator {
  private validate: ValidateFunction | undefined;
  private jsonKinds: ReturnType<typeof toJsonArgumentKinds> | undefined;

  constructor(private readonly schema: JsonSchema) {}

  /**
   * The problems with `args`, one line each; empty when they are valid. Fills in schema defaults
   * and parses an object or array argument sent as a JSON string (a bug of several hosts).
   */
  check(args: Record<string, unknown>): string[] {
    this.validate ??= getAjv().compile(this.schema);
    this.jsonKinds ??= toJsonArgumentKinds(this.schema);
    if (this.jsonKinds.size) parseJsonArguments(args, this.jsonKinds);
    if (this.validate(args)) return [];
    return describeErrors(this.validate.errors ?? [], this.schema, args);
  }
}
